"""What objects are after continuous effects (2014: 611-613; 2009: 418): the layer system (layers),
characteristics and the questions asked of them (characteristics), characteristic-changing effects
(becomes), text-changing effects (text_changes), and the statics that change the rules for players
(player_rules, other_zones, spell_immunity).  Imports only core."""
