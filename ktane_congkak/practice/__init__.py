"""Practice: the command language, the session, animation, history, terminal and window."""
