"""Immutable records without `dataclasses`, whose import alone costs `solve` 10 ms of its start."""

from __future__ import annotations


class Frozen:
    """A record whose fields, its `__slots__`, are set once by `__init__` (through `_set`).

    Pickling and copying build it again through `__init__`; its repr names every field."""

    __slots__ = ()

    def _set(self, **fields: object) -> None:
        for field, value in fields.items():
            object.__setattr__(self, field, value)

    def __setattr__(self, field, value):
        raise AttributeError(f"a {type(self).__name__} is immutable: cannot set {field}")

    def __delattr__(self, field):
        raise AttributeError(f"a {type(self).__name__} is immutable: cannot delete {field}")

    def fields(self) -> dict[str, object]:
        """Every field by name, in the order `__init__` takes them."""
        names: tuple[str, ...] = self.__slots__  # each subclass's
        return {name: getattr(self, name) for name in names}

    def __reduce__(self):
        return _rebuilt, (type(self), self.fields())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.fields().items())})"


def _rebuilt(record_type: type, fields: dict) -> Frozen:
    return record_type(**fields)
