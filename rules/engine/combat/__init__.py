"""Combat (2014: 506-511; 2009: 306-311): attackers, blockers, damage assignment and combat damage
(combat), costs to attack (attack_costs), and the maximum flow blocking requirements ask for (flow)."""
