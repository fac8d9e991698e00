"""Both evaluators provide exactly the interface ``handrank._interface`` states: the same names,
parameters and defaults; and the package re-exports the one the switch picked."""

from __future__ import annotations

import inspect
from types import GetSetDescriptorType, ModuleType

import handrank
from handrank import _interface


def public_names(module: ModuleType) -> set[str]:
    """What a module offers: its ``__all__``, else every name without a leading underscore."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
    return set(names)


def parameters(function: object) -> list[tuple[str, object, object]]:
    """Each parameter's name, kind and default, ``self`` left out."""
    found = inspect.signature(function).parameters.values()  # type: ignore[arg-type]
    return [(p.name, p.kind, p.default) for p in found if p.name != "self"]


def test_the_interface_lists_every_function_once() -> None:
    assert len(_interface.NAMES) == len(set(_interface.NAMES)) == 47
    assert list(_interface.NAMES) == sorted(_interface.NAMES)
    assert "evaluate" in _interface.NAMES and "sampled_showdowns" in _interface.NAMES


def test_each_implementation_offers_the_interface_and_nothing_more(impl: ModuleType) -> None:
    assert public_names(impl) == set(_interface.NAMES)


def test_each_function_takes_the_parameters_and_defaults_of_the_interface(impl: ModuleType) -> None:
    for name in _interface.NAMES:
        if name not in _interface.TYPES:
            stated = parameters(getattr(_interface.Evaluator, name))
            assert parameters(getattr(impl, name)) == stated, f"{impl.__name__}.{name}"


def test_each_type_has_the_methods_and_fields_of_the_interface(impl: ModuleType) -> None:
    for name, protocol in _interface.TYPES.items():
        kind = getattr(impl, name)
        assert isinstance(kind, type) and kind.__module__ == impl.__name__, name
        methods = [m for m in vars(protocol) if not m.startswith("_") and callable(getattr(protocol, m))]
        for method in methods:  # __init__ too, though a compiled type's cannot be inspected: called below
            assert parameters(getattr(kind, method)) == parameters(getattr(protocol, method)), f"{name}.{method}"
        for field in protocol.__annotations__:
            assert isinstance(getattr(kind, field), (property, GetSetDescriptorType)), f"{name}.{field}"
    values = impl.RankSuitValues(values=range(7463), error=LookupError)
    assert values.evaluate(cards=[0, 1, 2, 3, 5], suits=[0, 0, 0, 0, 1]) == 7462


def test_the_package_exports_the_switched_implementation() -> None:
    from handrank import _switch

    for name in _interface.PUBLIC:
        assert getattr(handrank, name) is getattr(_switch.evaluator, name), name
        assert name in handrank.__all__, name
    for name in _interface.KERNELS:  # the equity kernels stay behind handrank.odds
        assert name not in handrank.__all__ and not hasattr(handrank, name), name
