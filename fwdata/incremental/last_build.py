"""The incremental machinery behind one object: what a build takes from the last build in its folder, and what it
leaves there for the next one (the build cache, the loaded sources, the check memo, all signed with this user's key)."""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from fwdata.errors import OutputError
from fwdata.findings import Finding
from fwdata.game_system import RunResult, StoredOutput
from fwdata.incremental.build_cache import (
    BuildCache,
    document_digests,
    format_build_cache,
    input_digests,
    read_build_cache,
    render_key,
    run_key,
    schemas_key,
    unchanged_result,
)
from fwdata.incremental.cache_key import signing_key
from fwdata.incremental.check_memo import CheckMemo
from fwdata.incremental.source_cache import format_sources, read_sources
from fwdata.options import BuildOptions
from fwdata.render.page_copies import PageRecord
from fwdata.sources.document import SourceDocument
from fwdata.sources.pack import Pack


@dataclass
class LastBuild:
    """The last build in a build folder, as far as this build may trust and reuse it.

    `run` is this run's key (`fwdata.incremental.build_cache.run_key`); `key` this user's signing key (None: no
    cache is read or written, fwdata/incremental/cache_key.py); `previous` the folder's build cache when it is
    signed with `key` and `options.use_cache` allows it; `documents` the SHA-256 of every input document by display
    path; `memo` the findings of the last build's checks that this run need not run again
    (fwdata/incremental/check_memo.py).
    """

    folder: Path
    run: str
    key: bytes | None
    previous: BuildCache | None
    documents: dict[str, str]
    memo: CheckMemo
    read_back: frozenset[str] = field(default_factory=frozenset)

    @classmethod
    def open(cls, folder: Path, pack: Pack, paths: Sequence[Path], options: BuildOptions,
             schema_root: Path) -> LastBuild:
        """Hash every input of a build of `pack` into `folder` and read the folder's build cache (under its lock).

        An input that cannot be read has the reason as its digest (`input_digests`); a cache that is missing, not
        signed with this user's key or not of its shape is no cache (fwdata/incremental/build_cache.py).
        """
        digests = input_digests(pack, options, schema_root)
        key = signing_key()
        previous = read_build_cache(folder, key) if options.use_cache else None
        documents = document_digests(digests)
        memo = CheckMemo(render_key(options), documents, {} if previous is None else previous.checks,
                         schemas=schemas_key(digests, schema_root))
        return cls(folder, run_key(pack, paths, options, digests), key, previous, documents, memo)

    def unchanged(self) -> RunResult | None:
        """Return the last build's result when no input changed and its outputs are intact, else None."""
        return None if self.previous is None else unchanged_result(self.folder, self.previous, self.run)

    def known_documents(self, wanted: Container[str] | None = None) -> dict[str, tuple[str, SourceDocument]]:
        """Return the documents the last build loaded whose files did not change since, by display path, each with
        the SHA-256 of its bytes, only those `wanted` names when given (a build's base library comes from its
        snapshot: fwdata/incremental/base_snapshot.py); remember their paths for `sources_file`."""
        if self.previous is None:
            return {}
        known = {path: (digest, document) for path, (digest, document) in read_sources(self.folder, self.key).items()
                 if self.documents.get(path) == digest and (wanted is None or path in wanted)}
        self.read_back = frozenset(known)
        return known

    def sources_file(self, loaded: Sequence[tuple[SourceDocument, str]]) -> Iterator[bytes] | None:
        """Return the lines of the signed sources file (`.fwdata-sources`) of `loaded`, or None without a key."""
        return None if self.key is None else format_sources(loaded, self.key, read_back=self.read_back)

    def cache_file(self, result: RunResult, outputs: Sequence[StoredOutput],
                   planned: Mapping[str, tuple[str, Sequence[Finding], Sequence[PageRecord]]]
                   ) -> Iterator[bytes] | None:
        """Return the lines of the signed build cache (`.fwdata-cache.json`) of this build, or None without a key."""
        return None if self.key is None else format_build_cache(self.run, result, outputs, planned,
                                                                self.memo.recorded, self.key)

    def refuse_changed_since_hashed(self, loaded: Sequence[tuple[SourceDocument, str]]) -> None:
        """Raise OutputError when a file was loaded with other bytes than it was hashed with: it changed during the
        build (an editor saving it), and the caches would file what was parsed under the other bytes' key."""
        for document, digest in loaded:
            if self.documents.get(document.path, digest) != digest:
                raise OutputError(f"{document.path} changed while it was being built; nothing was written: build again")
