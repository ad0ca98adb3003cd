"""The core: rules, boards, sowing, the evaluator, the generator and the module; no front end."""
