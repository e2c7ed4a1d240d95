// How smart pointers to COM objects spell their accessors (Microsoft::WRL::ComPtr, winrt::com_ptr, _com_ptr_t,
// Unreal's TRefCountPtr), as regular-expression alternatives, so every place that reads through them agrees.

/** Accessors handing out the address a creation fills (`GetAddressOf()`, `ReleaseAndGetAddressOf()`, `GetInitReference()`, `put()`). */
export const FILLING_ACCESSORS = 'GetAddressOf|ReleaseAndGetAddressOf|GetInitReference|put';

/** Accessors whose call names the held object itself, stripped to name it (`m_tex.Get()`, `m_tex->GetReference()`). */
export const UNWRAPPING_ACCESSORS = 'Get|GetAddressOf|ReleaseAndGetAddressOf|GetReference|GetInitReference';
