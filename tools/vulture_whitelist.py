"""Names the dead-code check (vulture, `make lint`) must not report: used by frameworks or by name, not by a call.

Each line names one; say why above it. Anything else vulture finds is dead: delete it.
"""
# ruff: noqa
# click reads a command's context object, and registers commands by their decorators
_.obj
diff
import_csv
simulate
lsp
play_aid
# pygls calls the language server's handlers by the LSP method their decorator names
report_server_error
initialized
did_open
did_change
did_save
did_close
on_hover
on_definition
on_completion
on_code_action
write_pack_schemas
# the fresh process runs `from fwdata.processes.fresh_process import serve; serve()` (a string)
serve
# pytest fixtures used through autouse or @pytest.mark.usefixtures("...")
_user_cache_folder
fast_build
# attributes set on other libraries' objects (hypothesis settings, yaml dumper, zipfile members)
_.allow_unicode
_.seconds
_.compress_type
# Model fields: every value of a validated document is kept on its model, also those no check or output reads yet
fix  # fwdata/findings/codes.py:23
firing_rule  # fwdata/systems/aoa/book_generator.py:47
tailing_rule  # fwdata/systems/aoa/book_generator.py:73
DIRECTIONS  # fwdata/systems/aoa/geometry.py:24
service_from  # fwdata/systems/aoa/model/plane.py:51
service_until  # fwdata/systems/aoa/model/plane.py:52
MISS  # fwdata/systems/aoa/rules.py:52
simple_fire_control  # fwdata/systems/fl/model/aircraft.py:40
rating_printed  # fwdata/systems/fl/model/lists.py:33
history  # fwdata/systems/fl/model/lists.py:37
anomalies  # fwdata/systems/fl/model/lists.py:38
anomalies  # fwdata/systems/fl/model/lists.py:88
enables  # fwdata/systems/fl/model/lists.py:138
person  # fwdata/systems/fl/model/scenario.py:38
unit_blank  # fwdata/systems/fl/model/scenario.py:42
label_printed  # fwdata/systems/fl/model/scenario.py:103
entry_groups  # fwdata/systems/fl/model/scenario.py:122
month  # fwdata/systems/fl/model/scenario.py:145
day  # fwdata/systems/fl/model/scenario.py:146
part_of  # fwdata/systems/fl/model/scenario.py:147
no_missiles_either_side  # fwdata/systems/fl/model/scenario.py:155
haze_max_level  # fwdata/systems/fl/model/scenario.py:158
