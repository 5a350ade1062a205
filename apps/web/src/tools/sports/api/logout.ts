import { z } from 'zod';
import { sportsFetch } from './sports-fetch';

/** Ends the server session behind the stored token; the caller clears storage whatever happens. */
export const logout = () => sportsFetch('/logout', { method: 'POST', schema: z.object({ message: z.string() }) }).catch(() => undefined);
