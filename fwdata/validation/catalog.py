"""The model stage: schema-valid documents into the catalog of models, over the base library's, with the pack
manifest's overrides applied (fwdata/pipeline.py runs it between validation and the cross-checks)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from fwdata.catalog import Catalog, Entry, PendingEntry
from fwdata.findings import Finding, error, warning
from fwdata.game_system import GameSystem
from fwdata.incremental.check_cache import ScannedDocument, ShapeMemo, StoredDocument, loaded_document
from fwdata.sources.document import SourceDocument, pointer_join
from fwdata.validation.overrides import shape_differences


def build_models(documents: Sequence[SourceDocument | StoredDocument | ScannedDocument],
                 systems: dict[str, GameSystem], *,
                 base: Sequence[SourceDocument] = (), manifest: SourceDocument | None = None,
                 models: dict[int, tuple[SourceDocument, Any]] | None = None, lazy: bool = False,
                 focus: frozenset[str] | None = None, shapes: ShapeMemo | None = None,
                 not_valid: Iterable[tuple[str | None, str | None, str | None, str]] = ()
                 ) -> tuple[Catalog, list[Finding]]:
    """Turn schema-valid documents into models on top of the base library's.

    Ids are unique within (system, kind). A pack document with the id of a base
    entry replaces it only when the pack `manifest` lists `system/kind/id` under
    `overrides` and the document has the base entry's shape (fwdata/validation/overrides.py);
    otherwise it is an error and the base entry stays, so the rules never read an
    unchecked table. A document `models` holds (`CheckMemo.models`) is not built again;
    those built are added to it. With `lazy`, each model is built (and each document of the check cache loaded,
    `StoredDocument`) only when the catalog is first asked for it (`PendingEntry`). A `ScannedDocument`'s file is
    loaded when its entry is first read, and makes none when it is not schema-valid; one whose id is taken already is
    loaded at once, to know whether it is a duplicate, an override or nothing. `focus` is the catalog's
    (`Catalog.focus`). An override's shape is compared through `shapes` when given (the check cache's memo).
    `not_valid` holds the (system, kind, id, display path) of the documents that loaded but fail their schema, as a
    `ScannedDocument` found so does: `Catalog.unknown_note` names them where a reference finds no entry.
    """
    catalog = Catalog(focus)
    for system, kind, doc_id, path in not_valid:
        if system is not None and kind is not None and doc_id is not None:
            catalog.add_not_valid(system, kind, doc_id, path)

    def model_of(document: SourceDocument) -> Any:
        kept = None if models is None else models.get(id(document))
        if kept is not None and kept[0] is document:
            return kept[1]
        model = systems[document.system or ""].build_models[document.kind or ""](document)
        if models is not None:
            models[id(document)] = (document, model)
        return model

    def entry_of(document: SourceDocument | StoredDocument, in_base: bool = False) -> Entry | PendingEntry:
        def make() -> Entry:
            return Entry(model_of(loaded_document(document)), loaded_document(document), base=in_base)
        return PendingEntry(document.path, make) if lazy else make()

    def scanned_entry(document: ScannedDocument) -> PendingEntry:
        def make() -> Entry | None:
            passed = document.passed()
            if passed is None and document.checked is not None and document.checked[0] is not None:
                catalog.add_not_valid(document.system or "", document.kind or "", document.doc_id or "", document.path)
            return None if passed is None else Entry(model_of(passed), passed)
        return PendingEntry(document.path, make, certain=False)

    findings: list[Finding] = []
    declared = {key: pointer_join("/overrides", index)
                for index, key in enumerate(manifest.data.get("overrides", []) if manifest else [])}
    for document in base:
        system, kind, doc_id = document.system or "", document.kind or "", document.doc_id or ""
        catalog.add(system, kind, doc_id, entry_of(document, True))
    for pack_document in documents:
        system, kind, doc_id = pack_document.system or "", pack_document.kind or "", pack_document.doc_id or ""
        entry = scanned_entry(pack_document) if isinstance(pack_document, ScannedDocument) else entry_of(pack_document)
        first = catalog.add(system, kind, doc_id, entry)
        if first is None:
            continue
        if isinstance(pack_document, ScannedDocument):
            if (passed := pack_document.passed()) is None:
                continue  # not valid: it takes no id
            pack_document, entry = passed, entry_of(passed)
        key = f"{system}/{kind}/{doc_id}"
        if not first.base:
            where = first.document.locate("/id")
            findings.append(error(loaded_document(pack_document).locate("/id"), "REF-DUPLICATE-ID",
                                  f"{system} {kind} id {doc_id!r} is already used at "
                                  f"{where.path}:{where.line} (ids are unique within a system and kind)"))
        elif key not in declared:
            findings.append(error(loaded_document(pack_document).locate("/id"), "PACK-OVERRIDE-UNDECLARED",
                                  f"{system} {kind} id {doc_id!r} is a base-library entry; list {key!r} under "
                                  "overrides in fwdata-pack.yaml to replace it, or choose another id"))
        else:
            differences = (shape_differences(first.document.data, loaded_document(pack_document).data)
                           if shapes is None else shapes.differences(first.document, pack_document))
            for pointer, message in differences:
                findings.append(error(loaded_document(pack_document).locate(pointer), "PACK-OVERRIDE-SHAPE",
                                      f"override of {key}: {message} (an override may change values, not the "
                                      "shape; the base entry is used)"))
            if not differences:
                catalog.replace(system, kind, doc_id, entry)
    return catalog, findings


def unused_overrides(manifest: SourceDocument | None,
                     documents: Sequence[SourceDocument | StoredDocument | ScannedDocument]) -> list[Finding]:
    """Warn of each override the manifest declares that no loaded pack document makes (valid or not)."""
    if manifest is None:
        return []
    made = {f"{document.system}/{document.kind}/{document.doc_id}" for document in documents}
    return [warning(manifest.locate(pointer_join("/overrides", index)), "PACK-OVERRIDE-UNUSED",
                    f"override {key!r} replaces nothing: no entry of the pack has that system, kind and id")
            for index, key in enumerate(manifest.data.get("overrides", [])) if key not in made]
