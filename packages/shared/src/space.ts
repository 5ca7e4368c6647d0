/** Space kinds (spec section 1, section 3 "Space"). */
export const SPACE_TYPES = ['private', 'edu', 'pro'] as const;
export type SpaceType = (typeof SPACE_TYPES)[number];

/** The default private space, My Cloud. Calls made in it carry no X-Organization header (spec section 7). */
export const MY_CLOUD_SPACE_ID = 'my-cloud';
export const MY_CLOUD_SPACE_NAME = 'My Cloud';
