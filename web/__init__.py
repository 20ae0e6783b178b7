"""The browser front end: `meeple serve`."""
