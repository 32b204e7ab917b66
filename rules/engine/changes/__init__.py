"""How the state changes: events and triggering (events), replacement and prevention effects
(replacement), moving objects between zones (zones), damage, life and destruction (damage), mana
pools and paying mana (mana_pool, payment), state-based actions (sba), and what the engine says it
does not carry out (unenforced)."""
