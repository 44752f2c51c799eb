"""The Textual app: screens, widgets, styles.  The only layer that imports Textual."""
