/**
 * The call by which a page learns what operators switched off (issue 34, decision 0042): apart
 * from the hook (./live-switches.tsx), so the build can name it without loading React or swr.
 */
export const LIVE_SWITCH_CALL = 'liveSwitch.list';
