"""What resolving does: the interpreter of card abilities (interpret), the one-shot effects it calls
(effects, zone_effects, entering, drawing, looking, linked, shields, becomes_effect, turn_effects,
turn_control, x_values), and what a spell or ability chooses and costs as it goes on the stack or is
cast during a resolution (targets, division, spell_costs, free_cast, retarget, spell_copies)."""
