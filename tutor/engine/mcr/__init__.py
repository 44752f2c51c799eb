"""Chinese Official (MCR) scoring: the 81 fans, their exclusions, the 8-point minimum, settlement."""
