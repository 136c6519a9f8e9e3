"""Fighting Wings cards from public performance figures: the method, its checks, `fw derive` (docs/fw-derivation.md)."""
