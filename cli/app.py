def main() -> None:  # replaced by the real command
    raise SystemExit("meeple: not built yet")
