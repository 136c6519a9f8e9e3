"""The loaded-sources cache: the documents a build parsed, signed and kept in its folder, so the next build parses
only the files that changed.

`.fwdata-sources` holds one JSON line per document (its display path, the SHA-256 of the bytes
it was parsed from, its data and the packed positions of its values and keys, as the base64 of
their arrays), after a line per pointer index the documents share (`Positions`); a document whose
positions were not asked for (read by fwdata/sources/yaml_fast.py) has the base64 of its compressed
bytes instead (found or not: the file is the same for any number of processes), its positions found from them
when first asked for, as they would have been. It ends with
the HMAC-SHA256 of every line before it under this user's key (fwdata/incremental/cache_key.py). It is
written and swapped in with the build (`fwdata.output.write.Staging.commit`). The next build into the
folder takes a file's document from it when the file's bytes hash to the digest recorded, and
parses every other file.

A file that is not signed with this user's key, or is of another tool fingerprint, is ignored
whole: a cache made elsewhere is never trusted, so what it holds need not be checked again.
"""

from __future__ import annotations

import base64
import itertools
import json
import sys
from array import array
from collections.abc import Container, Iterable, Iterator
from pathlib import Path
from typing import Any

from fwdata.incremental import cache_json as shape
from fwdata.incremental.build_cache import MAX_CACHE_BYTES
from fwdata.incremental.cache_key import signed, verified_lines
from fwdata.incremental.fingerprint import tool_fingerprint
from fwdata.output.write import SOURCES_FILE
from fwdata.sources.containment import Refused, stream_in_pack
from fwdata.sources.document import Positions, SharedValues, SourceDocument, share_values
from fwdata.sources.yaml_loader import DEFAULT_LIMITS, LocatedLater

SOURCES_FORMAT = "fwdata-sources"
SOURCES_VERSION = 2
_ARRAY_TYPES = ("I", "Q")  # the packed positions' (fwdata.sources.document._compact)
_JSON_SCALARS = (str, int, float, bool, type(None))
_LINES_PARSED_TOGETHER = 256


def format_sources(documents: Iterable[tuple[SourceDocument, str]], key: bytes, *,
                   read_back: Container[str] = ()) -> Iterator[bytes]:
    """Yield the lines of `.fwdata-sources` for `documents`, each with the SHA-256 of the bytes it was parsed from.

    The last line signs the others with `key`. A document whose data JSON cannot carry
    exactly (a key that is not a string, a value of a type JSON does not have) is left out:
    the next build parses its file again. The documents whose display paths are in `read_back`
    were read from such a file (`read_sources`), so they are not looked through again.
    """
    return signed(_source_lines(documents, read_back), key)


def _source_lines(documents: Iterable[tuple[SourceDocument, str]], read_back: Container[str]) -> Iterator[bytes]:
    def line(value: object) -> bytes:
        return json.dumps(value, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"

    yield line(_header())
    shapes: dict[tuple[str, ...], int] = {}
    for document, digest in documents:
        if document.path not in read_back and not _exact_json(document.data):
            continue
        later = document.positions.finder  # finding them would read every such file again
        if isinstance(later, LocatedLater) and later.limits == DEFAULT_LIMITS:
            yield line(["source", document.path, digest, base64.b64encode(later.compressed).decode("ascii"),
                        document.data])
            continue
        pointers, values, keys = document.positions.packed()
        if pointers not in shapes:
            shapes[pointers] = len(shapes)
            yield line(["pointers", list(pointers)])
        yield line(["document", document.path, digest, shapes[pointers], *_packed(values), *_packed(keys),
                    document.data])


def read_sources(folder: Path, key: bytes | None) -> dict[str, tuple[str, SourceDocument]]:
    """Return the documents the build in `folder` loaded, by display path, each with the SHA-256 of its bytes.

    Empty when there is no key, no file, or one that is unreadable, not signed with `key`,
    of another tool fingerprint or not of the form `format_sources` writes.
    """
    if key is None:
        return {}
    try:
        stream = stream_in_pack(folder, folder / SOURCES_FILE, MAX_CACHE_BYTES)
    except Refused:
        return {}
    try:  # a line at a time: the file of 5,000 cards is 70 MB
        with stream:
            lines = verified_lines(stream, key, MAX_CACHE_BYTES)
            shape.expect(json.loads(next(lines)) == _header())
            return _documents(_parsed(lines))  # verified_lines raises at the end unless the file is signed
    # ValueError: bad JSON, Malformed, a list unpacked to too few or many, not signed; TypeError, IndexError,
    # OverflowError: an entry of another shape; StopIteration: no header; RecursionError: JSON nested too deep
    except (OSError, ValueError, TypeError, IndexError, OverflowError, StopIteration, RecursionError):
        return {}


def _parsed(lines: Iterator[bytes]) -> Iterator[Any]:
    """Yield the JSON value of each line, parsing _LINES_PARSED_TOGETHER at a time as one JSON array.

    json shares the keys of the objects within one parse: a rebuild of 5,000 cards holds 23 MB
    less than with a parse per line.
    """
    while batch := list(itertools.islice(lines, _LINES_PARSED_TOGETHER)):
        yield from json.loads(b"[" + b",".join(batch) + b"]")


def _documents(entries: Iterable[Any]) -> dict[str, tuple[str, SourceDocument]]:
    pointer_lists: list[tuple[str, ...]] = []
    documents: dict[str, tuple[str, SourceDocument]] = {}
    strings: SharedValues = {}
    for entry in entries:
        if shape.items(entry)[0] == "pointers":
            pointer_lists.append(tuple(map(shape.string, shape.items(entry[1]))))
            continue
        if entry[0] == "source":
            _, path, digest, compressed, data = entry
            share_values(data, strings)
            later = LocatedLater(base64.b64decode(shape.string(compressed), validate=True), DEFAULT_LIMITS)
            document = SourceDocument(shape.string(path), data, Positions.found_later(later, later.seek))
            documents[document.path] = (shape.digest(digest), document)
            continue
        kind, path, digest, pointers, values_type, values_base64, keys_type, keys_base64, data = entry
        pointer_list = pointer_lists[shape.integer(pointers)]
        values, keys = _unpacked(values_type, values_base64), _unpacked(keys_type, keys_base64)
        shape.expect(kind == "document" and len(values) == len(keys) == len(pointer_list))
        share_values(data, strings)
        document = SourceDocument(shape.string(path), data, Positions(pointer_list, values, keys))
        documents[document.path] = (shape.digest(digest), document)
    return documents


def _header() -> list[object]:
    return [SOURCES_FORMAT, SOURCES_VERSION, tool_fingerprint(), sys.byteorder]


def _packed(numbers: array[int]) -> tuple[str, str]:
    return numbers.typecode, base64.b64encode(numbers.tobytes()).decode("ascii")


def _unpacked(typecode: object, encoded: object) -> array[int]:
    """Return the array `_packed` wrote (raises Malformed, or ValueError for bytes that are not base64 or whole)."""
    shape.expect(typecode in _ARRAY_TYPES)
    numbers = array(shape.string(typecode))
    numbers.frombytes(base64.b64decode(shape.string(encoded), validate=True))
    return numbers


def _exact_json(value: object) -> bool:
    """Return True when JSON gives `value` back of the same types: string keys, JSON's scalars, lists, objects."""
    kind = type(value)
    if kind is dict:
        return all(type(item) is str and _exact_json(inner) for item, inner in value.items())  # type: ignore[attr-defined]
    if kind is list:
        return all(map(_exact_json, value))  # type: ignore[call-overload]
    return kind in _JSON_SCALARS
