import { z } from 'zod';

/** Every non-2xx JSON body of the API (docs/architecture.md §5). */
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
