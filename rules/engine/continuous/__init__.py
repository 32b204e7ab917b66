"""What objects are after continuous effects (2014: 611-613; 2009: 418): characteristics computed
through the layer system (characteristics, layers, predicates, printed, parts, static_index), the
continuous effects in play and their durations (effect_store), control (layer 2), the questions
asked of characteristics (attachments, abilities), characteristic-changing effects (becomes),
text-changing effects (text_changes), and the statics that change the rules for players
(player_rules, other_zones, spell_immunity).  Imports only core."""
