/**
 * The stated test that names an experiment's winner (server: features/experiments/experiment-stats.ts;
 * the console shows the same numbers): two-proportion z-test of SOI per visit against the control,
 * Bonferroni-corrected, with a minimum sample per arm.
 */
export const EXPERIMENT_ALPHA = 0.05;
export const EXPERIMENT_MIN_VISITS = 100;
export const EXPERIMENT_MIN_CONVERSIONS = 20;
