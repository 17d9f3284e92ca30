"""Documented attributes for the package's plain Python classes: each a property over a private
"_<name>" instance attribute, so that help() and IDEs show what it holds (slots' docstrings are not
visible on Python 3.11)."""


def documented(**docs):
    """Class decorator: one property per keyword, its value the property's docstring."""

    def wrap(cls):
        for name, doc in docs.items():
            key = "_" + name
            setattr(cls, name, property(lambda self, k=key: getattr(self, k),
                                        lambda self, v, k=key: setattr(self, k, v), doc=doc))
        return cls

    return wrap
