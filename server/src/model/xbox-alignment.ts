// PC alignment constants whose Xbox value differs (xbox-platform.md § 7, the PC-vs-GDK document): code that
// computes upload layouts with the PC constant under an Xbox profile uses the wrong alignment.
// NOTE: the constant-buffer placement alignment (256 on PC, 16 on Xbox) is not listed: 256 is a multiple of 16, so
// the PC value is valid on Xbox, and Microsoft's own Xbox One samples use it (Xbox-ATG-Samples XDKSamples
// SimpleLighting12); reporting it would be noise.

export interface AlignmentConstant {
  /** What the constant aligns. */
  what: string;
  pc: number;
  xbox: number;
  /** The Xbox constant to use instead. */
  xboxName: string;
  /** Why the PC value is wrong on Xbox. */
  consequence: string;
}

export const PC_ALIGNMENT_CONSTANTS: Readonly<Record<string, AlignmentConstant>> = {
  D3D12_TEXTURE_DATA_PITCH_ALIGNMENT: {
    what: 'texture row pitch', pc: 512, xbox: 1024, xboxName: 'D3D12XBOX_TEXTURE_DATA_PITCH_ALIGNMENT',
    consequence: 'a row pitch aligned to 512 bytes is not aligned for Xbox copies',
  },
};
