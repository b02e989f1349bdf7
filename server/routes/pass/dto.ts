import type { PassType } from '#shared/contracts/index.ts';
import type { passTypes } from '../../db/schema/index.ts';

export function toPassTypeDto(row: typeof passTypes.$inferSelect, codeType: string | null = null): PassType {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    description: row.description,
    price: row.priceCents,
    isFree: row.isFree,
    upgradeableBy: row.upgradeableBy,
    codeType,
  };
}
