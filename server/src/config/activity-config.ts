// The activity configuration is a contract the build reads too: it lives in src/contracts.
export * from '../../../src/contracts/activity-schema';
