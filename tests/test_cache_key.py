"""Signed cache files (fwdata/incremental/cache_key.py): written as they come, trusted only once their last line
signs them."""

from __future__ import annotations

import io

import pytest

from fwdata.incremental.cache_key import KEY_BYTES, signed, verified_lines

KEY = b"k" * KEY_BYTES
BODY = [b'["header"]\n', b'["document", 1]\n', b'["document", 2]\n']


def signed_file(lines: list[bytes], key: bytes = KEY) -> bytes:
    return b"".join(signed(iter(lines), key))


def test_a_signed_file_gives_back_its_lines_without_the_signature() -> None:
    assert list(verified_lines(io.BytesIO(signed_file(BODY)), KEY, 1 << 20)) == BODY


@pytest.mark.parametrize("data", [
    signed_file(BODY, b"x" * KEY_BYTES),  # another user's key
    signed_file(BODY).replace(b"2", b"3"),  # a line edited
    signed_file(BODY)[:-1],  # the signature line cut short
    b"".join(BODY),  # no signature
    b"",
], ids=["another key", "edited", "cut", "unsigned", "empty"])
def test_nothing_of_a_file_not_signed_with_the_key_is_given(data: bytes) -> None:
    lines = verified_lines(io.BytesIO(data), KEY, 1 << 20)
    with pytest.raises(ValueError):
        next(lines)


def test_a_file_over_the_size_cap_is_refused_before_any_line_is_given() -> None:
    data = signed_file(BODY)
    with pytest.raises(ValueError):
        next(verified_lines(io.BytesIO(data), KEY, len(data) - 1))
    assert len(list(verified_lines(io.BytesIO(data), KEY, len(data)))) == len(BODY)


class _ChangedWhenReadAgain(io.BytesIO):
    """A file another process rewrites between the signature check and the reading."""

    def __init__(self, first: bytes, second: bytes) -> None:
        super().__init__(first)
        self._second: bytes | None = second

    def seek(self, offset: int, whence: int = 0) -> int:
        if self._second is not None:
            second, self._second = self._second, None
            super().seek(0)
            self.truncate()
            self.write(second)
        return super().seek(offset, whence)


def test_a_file_changed_after_its_signature_was_checked_fails_after_its_last_line() -> None:
    lines = verified_lines(_ChangedWhenReadAgain(signed_file(BODY), signed_file(BODY).replace(b"2", b"3")), KEY,
                           1 << 20)
    given = []
    with pytest.raises(ValueError):
        for line in lines:
            given.append(line)
    assert given == [BODY[0], BODY[1], BODY[2].replace(b"2", b"3")]  # given before the end: the caller drops them
