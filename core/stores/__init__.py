"""Event-store backends. Every backend passes tests/store_contract.py."""
