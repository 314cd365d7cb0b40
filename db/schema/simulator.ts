/**
 * The simulated external gate system's tables are its own (lib/devices/external-gates/tables.ts):
 * re-exported here so the migrations include them. The service's code never reads them.
 */
export { simDeviceFaults, simExternalGates } from '../../lib/devices/external-gates/tables';
