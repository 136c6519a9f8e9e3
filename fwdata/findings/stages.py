"""Finding codes of the stages, whatever the game system: loading, schema, references, packs, rendering.

Each code's severity, meaning, example and fix; docs/findings.md is made from these (tools/findings_doc.py)."""

from fwdata.findings.codes import FindingCode, FindingSection

PREAMBLE = ("# Finding codes\n\nEvery problem fwdata finds in the data is a finding with a stable code, a severity "
            "and\na location (`path:line:column`, 1-based). Codes never change meaning; new codes are\nlisted in "
            "`CHANGELOG.md`. Severity: **error** fails `check` and stops `build`;\n**warning** fails only with "
            "`--strict`; **info** never fails.\n\nConditions that stop a run (no sources, a missing or broken "
            "schema, an unwritable build\nfolder, a `.zip` that is not a usable zip or breaks a zip cap) are not "
            "findings: they print\none line on stderr and exit with code 2.")

LOADING = FindingSection(
    title="Loading (any system)",
    columns=("code", "severity", "meaning", "example", "how to fix"),
    before=("Sources are YAML 1.2. Plain values are read by the YAML 1.2 core schema whatever `%YAML` directive a "
            "file\ncarries: `true`/`false`, `null`/`~`, decimal, `0o` and `0x` integers, floats; anything else "
            "(dates, `yes`,\n`1_000`, `1:30`) is text. A plain `<<` key merges mappings in. Lines are counted at "
            "`\\n`, `\\r\\n` and `\\r`;\nU+0085, U+2028 and U+2029 are characters of a value, as YAML 1.2 has it "
            "(libyaml, a YAML 1.1 parser, would\nbreak lines there: fwdata hands it stand-ins). Sources are the "
            "files named `*.yaml` or `*.yml`, in any case\n(`X.YAML` too). libyaml's leniencies are refused as the "
            "specification refuses them (`YAML-SYNTAX`): a `#`\nglued to a quote, bracket, comma, directive or "
            "block-scalar header; a lone `-` in a flow collection; a\ncontinuation line of a flow collection or "
            "quoted value not indented past its block; a tab, or more spaces\nthan the first line, in a block "
            "scalar's leading blank lines; a directive after a document not ended by\n`...`. Each of the YAML test "
            "suite's invalid documents libyaml accepted is a test (tests/sources/test_yaml_strict.py)."),
    codes=(
        FindingCode("SOURCE-UNREADABLE",
                    severity="error",
                    summary=("the file or folder could not be read or listed (permissions, vanished, a "
                             "symbolic-link loop or a link to nothing, a corrupt zip member) or is not a regular "
                             "file (a pipe, socket or device)"),
                    example="`x.yaml: error SOURCE-UNREADABLE: cannot read file: Permission denied`",
                    fix="make the file readable"),
        FindingCode("SOURCE-OUTSIDE-PACK",
                    severity="error",
                    summary=("the file, folder, manifest or baseline leads outside the pack (a symbolic link, or a "
                             "chain of them, whose target is not inside the pack root) or is a system file under "
                             "`/proc`, `/sys` or `/dev`; it is never opened"),
                    example=("`cards/fw/x.yaml:1:1: error SOURCE-OUTSIDE-PACK: the path leads outside the pack (to "
                             "/etc/passwd); a pack may only read its own files`"),
                    fix="copy the file into the pack instead of linking to it"),
        FindingCode("SOURCE-HARD-LINK",
                    severity="error",
                    summary=("a file of a folder pack has more than one name (a hard link, `ln` without `-s`): its "
                             "other name may be a file outside the pack, and nothing tells where it is (a symbolic "
                             "link can be followed and is allowed inside the pack), so it is not read. Hard links "
                             "inside a pack are rare (git and zip extraction do not make them; a tar archive's link "
                             "members, `cp -l` and some backup tools do)"),
                    example=("`cards/fw/x.yaml:1:1: error SOURCE-HARD-LINK: the file has 2 names (hard links); one "
                             "may be outside the pack, so it is not read: ...`"),
                    fix="copy the file (`cp`, not `cp -l`)"),
        FindingCode("ZIP-MEMBER-PATH",
                    severity="error",
                    summary=("members of a zip pack whose names are not relative paths inside it (`..`, an absolute "
                             "path, a drive letter, a backslash, a name twice); named at the zip itself, never read"),
                    example=("`pack.zip:1:1: error ZIP-MEMBER-PATH: 1 zip member(s) with unsafe names: "
                             "'../evil.yaml' ('..' leaves the pack) ...`"),
                    fix="zip the pack folder again with a standard tool"),
        FindingCode("ZIP-MEMBER-LINK",
                    severity="error",
                    summary="a zip member is a symbolic link (or another non-regular file)",
                    example=("`pack.zip/cards/fw/x.yaml:1:1: error ZIP-MEMBER-LINK: zip member is a symbolic link; "
                             "a zip pack holds regular files only`"),
                    fix="zip the files, not links to them (`zip -r` without `-y`)"),
        FindingCode("ZIP-ENCRYPTED",
                    severity="error",
                    summary="a zip member is encrypted",
                    example="",
                    fix="zip the pack without a password"),
        FindingCode("ZIP-RATIO",
                    severity="error",
                    summary="a zip member expands more than 100 times its compressed size (a zip bomb?)",
                    example=("`pack.zip/cards/fw/x.yaml:1:1: error ZIP-RATIO: zip member expands 400000 bytes from "
                             "1200 (over 100 times; a zip bomb?)`"),
                    fix="remove the filler from the file"),
        FindingCode("YAML-ENCODING",
                    severity="error",
                    summary="the file is not UTF-8",
                    example="`x.yaml:2:10: error YAML-ENCODING: invalid UTF-8 byte 0xe9 (sources must be UTF-8)`",
                    fix="save the file as UTF-8"),
        FindingCode("YAML-TAB",
                    severity="error",
                    summary="a tab in indentation (YAML indents with spaces)",
                    example="`x.yaml:4:1: error YAML-TAB: tab character in indentation ...`",
                    fix="replace tabs by spaces"),
        FindingCode("YAML-SYNTAX",
                    severity="error",
                    summary=("the text is not valid YAML, a `%YAML` directive other than 1.1 or 1.2, or a no-break "
                             "space (U+00A0) or other Unicode space in an indentation. The message says in plain "
                             "words what is wrong and is placed where the mistake most likely is, not where the "
                             "parser stopped: a key indented more or less than its neighbours (with the "
                             "indentations involved), a missing space after a colon on the line above, a quote or "
                             "bracket opened and never closed (at the opening), an unknown escape, a reserved "
                             "character"),
                    example=("`x.yaml:2:7: error YAML-SYNTAX: the list opened here with `[` is not closed: add `]` "
                             "at the end of its entries (the parser stopped at line 3)`"),
                    fix="fix the syntax at the line shown"),
        FindingCode("NAME-WINDOWS",
                    severity="warning",
                    summary=("a pack file's path, or a document's `id` (its outputs are `<id>.pdf`), has a name "
                             "Windows cannot hold: a reserved device name (`con`, `prn`, `aux`, `nul`, "
                             '`com0`-`com9`, `lpt0`-`lpt9`, with or without an extension), one of `< > : " \\\\ \\| ? '
                             "*`, or a dot or space at the end"),
                    example=("`tables/fw/con.yaml:1:1: warning NAME-WINDOWS: the file cannot be copied to Windows: "
                             "'con.yaml': CON is a device name Windows reserves`"),
                    fix="rename the file, or choose another id"),
        FindingCode("YAML-DUPLICATE-KEY",
                    severity="error",
                    summary="the same key twice in one mapping",
                    example="`x.yaml:4:1: error YAML-DUPLICATE-KEY: duplicate key \"id\" ...`",
                    fix="keep one of them"),
        FindingCode("YAML-EMPTY",
                    severity="error",
                    summary="the file holds no document",
                    example="",
                    fix="add the document or delete the file"),
        FindingCode("YAML-NOT-MAPPING",
                    severity="error",
                    summary="the document is a list or a single value",
                    example="",
                    fix="a source is one mapping with `system`, `kind`, `id`"),
        FindingCode("YAML-MULTIPLE-DOCUMENTS",
                    severity="error",
                    summary="more than one `---` document in a file",
                    example="",
                    fix="one document per file"),
        FindingCode("YAML-TAG",
                    severity="error",
                    summary=("an explicit tag other than YAML's core ones (`!foo`, `!!python/...`, `!!timestamp`), "
                             "or a value that does not fit its core tag (`!!int abc`, `!!seq {a: 1}`)"),
                    example="",
                    fix="remove the tag: sources are plain data"),
        FindingCode("YAML-KEY",
                    severity="error",
                    summary="a list or mapping used as a key",
                    example="",
                    fix="keys are plain words"),
        FindingCode("YAML-ALIASES",
                    severity="error",
                    summary=("more than 64 aliases, an alias (or merge key) that refers to a value containing it, "
                             "or an anchor name (`&name`) defined twice"),
                    example="",
                    fix="write the values out, or give each anchor its own name"),
        FindingCode("YAML-MERGE",
                    severity="error",
                    summary="a merge key `<<` whose value is not a mapping or a list of mappings",
                    example="`x.yaml:4:7: error YAML-MERGE: a merge key << takes a mapping or a list of mappings ...`",
                    fix="`<<: *defaults` or `<<: [*a, *b]`"),
        FindingCode("YAML-NUMBER",
                    severity="error",
                    summary=("`.inf`, `.nan` or a number beyond 1.8e308, or a number written with more than 40 "
                             "characters (with or without `!!int`/`!!float`)"),
                    example="`x.yaml:4:9: error YAML-NUMBER: .nan is not allowed ...`",
                    fix="write a finite number"),
        FindingCode("YAML-TOO-DEEP",
                    severity="error",
                    summary="nesting deeper than 48 levels",
                    example="",
                    fix="flatten the data"),
        FindingCode("YAML-TOO-LARGE",
                    severity="error",
                    summary=("over 512 KiB (a file, or a zip member once expanded), a line over 4,000 characters, "
                             "over 25,000 YAML nodes, or aliases expanding to over 100,000 values"),
                    example="",
                    fix="split the file"),
        FindingCode("MODELINE-SCHEMA-MISSING",
                    severity="warning",
                    summary=("a modeline (`# yaml-language-server: $schema=PATH`) names a schema file in a pack's "
                             "`.fwdata/schemas/` folder (where `fwdata new` points) that does not exist (a clone or "
                             "zip without that folder, a moved file): editors then complete and explain nothing in the "
                             "file. Only such modelines are looked up: not URLs, not other paths (a copy of a bundled "
                             "file pointing at the library's `schemas/`), not a zip pack's members"),
                    example=("`cards/fw/x.yaml:1:33: warning MODELINE-SCHEMA-MISSING: the modeline names the schema "
                             "../../.fwdata/schemas/fw/aircraft.schema.json, which does not exist, ...`"),
                    fix=("run `fwdata schema --write .fwdata/schemas` in the pack folder, fix the path, or use the "
                         "quick fix of `fwdata lsp` ([editors.md](editors.md))")),
    ),
    after=("Findings can be left out by `--select`, `--ignore` and `--min-severity`, suppressed by a comment\n`# "
           "fwdata: ignore[CODE,...]` on the finding's own line or `# fwdata: ignore-file[CODE,...]` anywhere in\n"
           "its file, and hidden by a baseline (`--baseline FILE`, or the one the pack manifest names); see the\n"
           '[formats](formats.md) page (selecting and suppressing findings, baselines), and "What suppression can '
           'hide"\nbelow. The tables below are also the rules\' descriptions in `--format sarif`: keep one row per '
           "code,\ncolumns as headed.\n\n### What suppression can hide\n\nA pack is untrusted: its comments and "
           "the baseline its manifest names are the pack's word, not the\ncurator's. So:\n\n- **Never hidden**: an "
           "error that stops a document from being read, checked or drawn. These are the\n  errors of the codes "
           "`SOURCE-*`, `ZIP-*`, `YAML-*`, `SCHEMA-KIND`, `SCHEMA`, `REF-*` (an unknown\n  reference, a duplicate "
           "id, a variant loop, `REF-VARIANT-DEPTH`), `PACK-OVERRIDE-UNDECLARED` and\n  `PACK-OVERRIDE-SHAPE` (one "
           "of two documents is left out). No `# fwdata: ignore` comment, no baseline\n  (the pack's or "
           "`--baseline`), no `--select`, `--ignore` or `--min-severity` hides them, and\n  `--write-baseline` "
           "does not record them: a card whose document is left out always fails `check` and\n  `build`, so a "
           "build that says it succeeded has drawn every output its sources ask for.\n- **Hidden, and counted**: "
           "every other finding, by a comment, a baseline or the selection options. The\n  summary line counts "
           "them (`(3 baselined, 1 suppressed)`) and `build/findings.txt` lists each one, marked.\n- **A curator's "
           "view**: `--ignore-suppressions` (as ruff's `--ignore-noqa`) reports what the comments\n  would hide; "
           "`--no-baseline` leaves out the manifest's baseline. Together nothing the pack says hides a\n  finding; "
           "only the curator's own `--select`, `--ignore`, `--min-severity` and `--baseline` do.\n\nThe text "
           "format writes a colon in a path as `\\x3a` (a Windows drive letter's excepted), as it writes a\n"
           "control character as its Python escape: a file named `a.yaml:99:99: error FAKE: x.yaml` prints as\n"
           "`a.yaml\\x3a99\\x3a99\\x3a error FAKE\\x3a x.yaml:1:1: ...` and never reads as a finding at "
           "`a.yaml:99:99`.\nJSON, SARIF, GitHub and JUnit carry the path as data, unchanged."),
)

SCHEMA = FindingSection(
    title="Schema (any system)",
    columns=("code", "severity", "meaning", "example", "how to fix"),
    codes=(
        FindingCode("SCHEMA-KIND",
                    severity="error",
                    summary=("`system` or `kind` names nothing fwdata knows, or the pack manifest's `systems` names "
                             "a game system that is not installed"),
                    example=("`x.yaml:2:7: error SCHEMA-KIND: kind 'tabel' is not a fw kind (expected one of "
                             "aircraft, scenario, table) (did you mean 'table'?)`"),
                    fix="use a listed system and kind"),
        FindingCode("SCHEMA",
                    severity="error",
                    summary=("the document breaks its kind's JSON Schema (`schemas/<system>/<kind>.schema.json`): "
                             "wrong type (an integer is written without a decimal point: `28`, not `28.0`, though "
                             "JSON Schema itself counts `28.0` as an integer), missing or unknown key, value out of "
                             "range. "
                             "Reported at the offending value (an unknown key at the key, with the close key it may "
                             "mean, or the one missing key its value fits: a book page's chart typed under `chart:` "
                             "is `did you mean 'next'?`, one finding for all the records with that key). For "
                             "`anyOf`/`oneOf`, a value that fits none of plain alternatives is told them all "
                             "(`expected an integer from 1 to 30 or 'unknown'`); else the most relevant alternative "
                             "is reported. A value of the wrong form says what the "
                             "form is, with an example (`id: 'P-51D' is not a valid id: lowercase kebab-case, e.g. "
                             "p-51d`). The document is then left out of every later check, except where the schema "
                             "marks a subtree `x-fwdata-tolerant` (an Ace of Aces book's page records): an error "
                             "there makes only that value unknown (an unknown key is dropped; a record whose "
                             "required key is wrong is unknown as a whole) and every other check runs."),
                    example=("`x.yaml:12:7: error SCHEMA: performance[0].max_fp: expected a number, found string "
                             "'fast'`"),
                    fix="follow the message; editors show each property's description from the schema"),
    ),
)

REFERENCES = FindingSection(
    title="References (any system)",
    columns=("code", "severity", "meaning", "example", "how to fix"),
    codes=(
        FindingCode("REF-DUPLICATE-ID",
                    severity="error",
                    summary="two documents of one system and kind share an id",
                    example="`b.yaml:3:5: error REF-DUPLICATE-ID: fw aircraft id 'p-51d' is already used at a.yaml:3`",
                    fix="rename one"),
        FindingCode("REF-UNKNOWN",
                    severity="error",
                    summary=("a reference names a document that does not exist (a scenario's aircraft, a variant's "
                             "base, an Ace of Aces book's `layout`)"),
                    example="`s.yaml:20:21: error REF-UNKNOWN: aircraft 'p-51': no fw aircraft card with that id`",
                    fix="fix the id or add the card"),
        FindingCode("REF-VARIANT-DEPTH",
                    severity="error",
                    summary=("a variant (`fw` `variant_of`, `fl` `base`) has more than 8 bases above it: the "
                             "rulebooks' variants have one, a pack's variant of a variant two; the cap keeps "
                             "resolving a pack's cards linear in its size. The card is not resolved, checked or "
                             "drawn"),
                    example=("`c.yaml:6:7: error REF-VARIANT-DEPTH: chain-0 has more than 8 bases above it (chain-0 "
                             "-> chain-1 -> ...) ...`"),
                    fix="name a base nearer the top of the chain"),
        FindingCode("REF-CYCLE",
                    severity="error",
                    summary="variants refer to each other in a loop",
                    example="`a.yaml:5:13: error REF-CYCLE: variant_of forms a loop: a -> b -> a`",
                    fix="one card of the chain must be a base card"),
    ),
)

PACKS = FindingSection(
    title="Packs (any system)",
    columns=("code", "severity", "meaning", "example", "how to fix"),
    before=("A pack is checked on top of the base library (the schemas and bundled data shipped with\nfwdata). A "
            "pack may add entries; replacing a base entry must be declared in the pack's\n`fwdata-pack.yaml`. The "
            "manifest itself is checked against `schemas/pack.schema.json`\n(its problems are `SCHEMA` findings at "
            "its lines)."),
    codes=(
        FindingCode("PACK-OVERRIDE-UNDECLARED",
                    severity="error",
                    summary=("a pack entry has the system, kind and id of a base-library entry, and the manifest "
                             "does not list it under `overrides`; the base entry is used"),
                    example=("`cards/fw/p-51d.yaml:4:5: error PACK-OVERRIDE-UNDECLARED: fw aircraft id 'p-51d' is a "
                             "base-library entry; list 'fw/aircraft/p-51d' under overrides in fwdata-pack.yaml to "
                             "replace it, or choose another id`"),
                    fix="choose another id, or declare the override"),
        FindingCode("PACK-OVERRIDE-SHAPE",
                    severity="error",
                    summary=("a declared override does not have the shape of the base entry it replaces (a key "
                             "added or missing, a list of another length, a list where the base has a single "
                             "value), or a table cell (`fw` table, `aoa` chart) is of a kind the base table does "
                             "not hold in that column: a number where it has only integers (`1.0` for `2`), a blank "
                             "or true/false where it has none, a string in a form it does not use (numbers may "
                             "change: `60/FP` may become `30/FP`, not `banana`; a row label such as `level` may not "
                             "be renamed, a code such as `0-1 FP` may not become `-`); the rules read tables by "
                             "their shape and codes, so the base entry is used"),
                    example=("`tables/fw/turn-chart.yaml:27:3: error PACK-OVERRIDE-SHAPE: override of "
                             "fw/table/turn-chart: 9 items where the base entry has 8 (...)`"),
                    fix="change values only; a table of another shape is a new table with its own id"),
        FindingCode("PACK-OVERRIDE-UNUSED",
                    severity="warning",
                    summary="a declared override names no entry of the pack",
                    example=("`fwdata-pack.yaml:4:32: warning PACK-OVERRIDE-UNUSED: override 'fw/table/no-such' "
                             "replaces nothing ...`"),
                    fix="remove it, or fix the id"),
        FindingCode("PACK-BASELINE-MISSING",
                    severity="warning",
                    summary=("the manifest names a `baseline` file that does not exist in the pack; no findings are "
                             "hidden"),
                    example=("`fwdata-pack.yaml:4:11: warning PACK-BASELINE-MISSING: baseline "
                             "'fwdata-baseline.json' does not exist in the pack ...`"),
                    fix="write it with `fwdata check --write-baseline FILE`, or remove `baseline`"),
    ),
)

RENDERING = FindingSection(
    title="Rendering (any system)",
    columns=("code", "severity", "meaning", "example", "how to fix"),
    codes=(
        FindingCode("RENDER-OVERFLOW",
                    severity="error",
                    summary="a text does not fit its box on a card or sheet even at the 6 pt minimum",
                    example=("`a.yaml:40:5: error RENDER-OVERFLOW: text 'Very long note ...' does not fit its 200 x "
                             "20 pt box ...`"),
                    fix="shorten the text"),
        FindingCode("TEXT-ENCODING",
                    severity="error",
                    summary=("a string (a value or a key) holds a lone surrogate, half of a UTF-16 pair (YAML "
                             "`\"\\ud800\"`): it cannot be encoded or printed, so `build` could not draw it"),
                    example=("`a.yaml:5:7: error TEXT-ENCODING: name: the text holds the lone surrogate U+D800, "
                             "half of a UTF-16 pair that cannot be encoded or printed ...`"),
                    fix="write the character itself, or escape it whole (`\"\\U0001F6E9\"`)"),
        FindingCode("TEXT-GLYPH",
                    severity="warning",
                    summary=("a string holds characters the embedded card font (Bitstream Vera Sans: the Latin-1 "
                             "letters, punctuation and common math signs) cannot draw, such as emoji, CJK or "
                             "right-to-left scripts and control characters; each would print as an empty box. Every "
                             "string of a source is checked, since names, notes and table cells are printed"),
                    example=("`a.yaml:5:7: warning TEXT-GLYPH: name: the embedded font Bitstream Vera Sans has no "
                             "glyph for U+1F6E9 SMALL AIRPLANE, each prints as an empty box ...`"),
                    fix="use characters the font has (a transliteration)"),
    ),
    after=("Every finding prints as one line in every format: control characters (C0, C1, DEL), line and\nparagraph "
           "separators, bidi controls, lone surrogates and U+FFFE/U+FFFF in a message, path or\npointer are written "
           "as Python escapes (`\\n`, `\\x1b`, `\\u202e`)."),
)

SECTIONS = (LOADING, SCHEMA, REFERENCES, PACKS, RENDERING,)
