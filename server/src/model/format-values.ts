// Enumerator values → the names the debug layer prints (`D3D12_BARRIER_SYNC_A|D3D12_BARRIER_SYNC_B`).
import type { EnumFamily } from './enums';
import { ENUM_FAMILIES, flagNames, memberName } from './enums';

export function familyById(id: string): EnumFamily | undefined {
  return ENUM_FAMILIES.find((f) => f.id === id && !f.xbox);
}

/** Full enumerator name(s) for a value of a family; flags joined with `|`, leftover bits in hex. */
export function formatEnumValue(familyId: string, value: number): string {
  const family = familyById(familyId);
  if (!family) return String(value);
  if (!family.flags || value === 0) {
    const name = memberName(family.table, value);
    return name === undefined ? `0x${(value >>> 0).toString(16)}` : family.prefix + name;
  }
  const { names, leftover } = flagNames(family.table, value);
  const parts = names.map((n) => family.prefix + n);
  if (leftover) parts.push(`0x${leftover.toString(16)}`);
  return parts.join('|');
}
