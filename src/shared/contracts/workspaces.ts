import { z } from 'zod';
import { pageQuery, roles } from './common';

/**
 * A workspace the signed-in user may open: their own organization (a firm: kind firm, shown as
 * "My firm"; a business: kind own) or one of their firm's clients (kind client, customerId the
 * firm's customer row for it).
 */
export const workspaceSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  kind: z.enum(['firm', 'own', 'client']),
  customerId: z.string().nullable(),
  role: z.enum(roles),
  active: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListQuery = pageQuery.extend({ search: z.string().trim().max(200).optional() });
export type WorkspaceListQuery = z.infer<typeof workspaceListQuery>;

export const workspaceListSchema = z.object({
  home: workspaceSchema,
  clients: z.array(workspaceSchema),
  /** How many clients match, for paging through clients. */
  total: z.number().int(),
});
export type WorkspaceList = z.infer<typeof workspaceListSchema>;

export const workspaceSwitchSchema = z.object({ organizationId: z.string().min(1, 'Choose a workspace') });
export type WorkspaceSwitch = z.infer<typeof workspaceSwitchSchema>;
