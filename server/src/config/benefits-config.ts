// The benefits section is part of the activity configuration contract (src/contracts).
export * from '../../../src/contracts/benefits-config';
