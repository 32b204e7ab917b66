"""What resolving does: the interpreter of card abilities (interpret: each effect's handler, found by
its IR class in the tables of handlers; meanings: what references, amounts and conditions mean now),
the one-shot effects the handlers call (effects, zone_effects, entering, drawing, looking, linked,
shields, becomes_effect, turn_effects, turn_control, x_values), and what a spell or ability chooses
and costs as it goes on the stack or is cast during a resolution (targets, division, spell_costs,
free_cast, retarget, spell_copies)."""
