import sys
from pathlib import Path

# The tests share scenario helpers (utopia_helpers.py, a name no other plugin uses).
sys.path.insert(0, str(Path(__file__).parent))
