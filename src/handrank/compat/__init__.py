"""Drop-in replacements for other evaluators' APIs (``handrank.compat.treys``)."""
