// The Xbox debug layer's message codes (xbox-platform.md § 6.1). EBX shows exactly one: 0xA7900038, raised by
// ExecuteCommandLists when a resource moves from legacy to enhanced barriers while not in
// D3D12_RESOURCE_STATE_COMMON. It corresponds to the PC message BARRIER_INTEROP_INVALID_STATE (#1351).
// Every other Xbox message code is unknown; report/xbox-format.ts prints the PC message id in its place.
import { ENUM_FAMILIES, LAYOUT, RESOURCE_STATES, memberName, setBits } from './enums';

/** `0xA7900038`: eight upper-case hex digits, as the Xbox layer prints codes and flag values. */
export const hex8 = (v: number): string => `0x${(v >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;

export interface XboxMessageCode {
  code: number;
  /** Interface::Method the Xbox layer attributes the message to. */
  api: string;
  /** The Xbox layer's own header text (verbatim from EBX). */
  text: string;
}

/** PC D3D12_MESSAGE_ID name (without prefix) → the Xbox code for the same check. */
export const XBOX_MESSAGE_CODES: Readonly<Record<string, XboxMessageCode>> = {
  BARRIER_INTEROP_INVALID_STATE: {
    code: 0xa7900038,
    api: 'ID3D12CommandQueue::ExecuteCommandLists',
    text: 'Resource is being transitioned from legacy to enhanced barriers but is not in the state '
      + 'D3D12_RESOURCE_STATE_COMMON as is required.',
  },
};

/** Queue-type word the Xbox layer prints after the interface (`ID3D12CommandQueue(Graphics)`). */
export const XBOX_QUEUE_NAMES: Readonly<Record<string, string>> = {
  direct: 'Graphics', bundle: 'Bundle', compute: 'Compute', copy: 'Copy',
  'video-decode': 'VideoDecode', 'video-process': 'VideoProcess', 'video-encode': 'VideoEncode',
};

/** Enumerator name(s) of a value, with the Xbox members of the family (D3D12XBOX_*) known. */
export function xboxEnumName(familyId: string, value: number): string {
  const families = ENUM_FAMILIES.filter((f) => f.id === familyId);
  if (families.length === 0) return String(value);
  const v = value >>> 0;
  if (familyId === 'state' && v === (RESOURCE_STATES.GENERIC_READ >>> 0)) return 'D3D12_RESOURCE_STATE_GENERIC_READ';
  if (familyId === 'layout') {
    const name = memberName(LAYOUT, v);
    return name === undefined ? hex8(v) : `D3D12_BARRIER_LAYOUT_${name}`;
  }
  const nameOf = (bits: number): string | undefined => {
    for (const f of families) {
      const m = memberName(f.table, bits);
      if (m !== undefined) return f.prefix + m;
    }
    return undefined;
  };
  if (!families[0].flags || v === 0) return nameOf(v) ?? hex8(v);
  const parts: string[] = [];
  let leftover = 0;
  for (const bit of setBits(v)) {
    const name = nameOf(bit);
    if (name) parts.push(name);
    else leftover |= bit;
  }
  if (leftover) parts.push(hex8(leftover));
  return parts.join('|');
}

