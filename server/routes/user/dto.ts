import type { User } from '#shared/contracts/index.ts';
import { LEAD_SCANNER_PATH } from '#shared/messages.ts';
import type { users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/** The signed-in user as GET /api/user/ answers it; shared by every route that answers the user. */
export function toUserDto(row: UserRow): User {
  return {
    uuid: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    image: row.image,
    scope: row.scopes,
    tags: row.tagIds.map((id) => ({ id })),
    permissions: row.permissionPaths.map((path) => ({ path })),
    isLeadScanner: row.permissionPaths.includes(LEAD_SCANNER_PATH),
    // Only a language the holder used counts (a sign-in elsewhere starts in it); the default is no one's choice.
    language: row.languageChosen ? row.language : undefined,
  };
}
