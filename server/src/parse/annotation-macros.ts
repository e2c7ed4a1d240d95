// Microsoft SAL annotations (`_In_`, `_Out_writes_(n)`, `_COM_Outptr_`), Windows calling-convention macros
// (`void STDMETHODCALLTYPE Wrapper::ResourceBarrier(...)`, `WINAPI`) and DLL export macros (`class ENGINE_API
// ScopedBarrier {`, `ENGINE_API void Transition(...)`) are macros the C++ grammar cannot see through:
// every D3D12 header and many engines and wrappers use them, and each one is a syntax error that hides the
// declaration around it (a calling-convention macro before a qualified name turns the whole file into one error).
// They carry no meaning for barriers, so the parser reads them as spaces (same length, newlines kept, so every
// position and every incremental edit stays true).

const SAL = /\b_(?:In|Out|Inout|Outptr|COM_Outptr|Ret|Deref|Pre|Post|Field|Struct|Check_return|Must_inspect_result|Use_decl_annotations|Success|Printf_format_string|Null_terminated|NullNull_terminated|Notnull|Maybenull|Frees_ptr|Reserved|Always|Return_type_success|Analysis_assume|Interlocked_operand|Readable|Writable|When|Acquires|Releases|Requires|Guarded_by|Result)(?:_\w*)?_(?!\w)/g;

const CALLING_CONVENTIONS = /\b(?:STDMETHODCALLTYPE|STDMETHODVCALLTYPE|STDAPICALLTYPE|STDAPIVCALLTYPE|WINAPI|WINAPIV|APIENTRY|NTAPI)\b/g;

/** `class X_API Name {` / `struct X_API Name : Base`: an all-caps macro between the class key and the name. */
const CLASS_HEAD_MACRO = /\b(?:class|struct)\s+([A-Z][A-Z0-9_]*[A-Z0-9])(?=\s+[A-Za-z_]\w*\s*(?:final\b|:|\{))/g;

/** A declaration that starts with an export macro (`ENGINE_API`, `FOO_EXPORT`) before its type or class key. */
const LEADING_EXPORT = /^[ \t]*([A-Z][A-Z0-9_]*_(?:API|EXPORT|EXPORTS|DLL|DLLEXPORT|DECL))(?=\s+[A-Za-z_~])/gm;

/** Longest argument list of an annotation we blank (`_Out_writes_bytes_(sizeof(T) * n)`). */
const MAX_ARGS = 400;

export function blankAnnotationMacros(text: string): string {
  const blankGroup = (m: string, macro: string): string => m.replace(macro, ' '.repeat(macro.length));
  return blankSal(text)
    .replace(CALLING_CONVENTIONS, (m) => ' '.repeat(m.length))
    .replace(CLASS_HEAD_MACRO, blankGroup)
    .replace(LEADING_EXPORT, blankGroup);
}

function blankSal(text: string): string {
  if (!text.includes('_')) return text;
  let out = '';
  let last = 0;
  for (const m of text.matchAll(SAL)) {
    const start = m.index;
    if (start < last) continue;
    let end = start + m[0].length;
    let i = end;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
    if (text[i] === '(') {
      const close = matchingParen(text, i);
      if (close >= 0) end = close + 1;
    }
    out += text.slice(last, start) + text.slice(start, end).replace(/[^\n\r]/g, ' ');
    last = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length && i - open < MAX_ARGS; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
    else if (text[i] === ';' || text[i] === '{') return -1;
  }
  return -1;
}
