import { errorBodySchema } from '@tinkercloud/shared';
import { z } from 'zod';

/** Every authenticated operation declares the bearer scheme (the OpenAPI document's `bearerAuth`). */
export const security = [{ bearerAuth: [] }];

/** Every failure leaves in the spec's error body; listed once so each route documents it. */
export const errors = { '4xx': errorBodySchema } as const;

/** 204 answers have no body. */
export const noContent = z.null().describe('No content');

/** Deletes and other body-less successes answer with an empty body, as upstream does. */
export const emptyBody = z.null().describe('No body');
