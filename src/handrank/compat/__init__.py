"""Drop-in replacements for other evaluators' APIs (``handrank.compat.treys``), each with a twin
of every module of its peer (``handrank.compat.treys.evaluator`` for ``treys.evaluator``)."""
