import type { CampaignDocument } from '../document/types';

/** Route path -> lazy document chunk. Produced by the campaigns Vite plugin (virtual:campaign-routes). */
export type RouteLoaders = ReadonlyMap<string, () => Promise<{ default: CampaignDocument }>>;
