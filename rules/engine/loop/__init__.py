"""The game loop: turn structure, priority and mulligans (turn), the stack: casting, activating and
resolving (stack), triggered abilities going on the stack (triggers), mana abilities (mana_abilities),
manual actions (manual), and the action space: checking an answer (validate), listing the legal
ones (legal, priority_moves)."""
