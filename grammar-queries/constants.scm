; File-level constants that barrier code uses: #define NAME value, and const/constexpr scalar declarations.
; Captures: @define.name, @define.value; @const.name, @const.value (qualifier checked by the extractor).
(preproc_def
  name: (identifier) @define.name
  value: (preproc_arg) @define.value)

(declaration
  (type_qualifier)
  declarator: (init_declarator
    declarator: (identifier) @const.name
    value: (_) @const.value))

; A class's `static const` / `static constexpr` member with its value (`static const UINT FrameCount = 2;`): the
; extractor keeps only the static ones (a non-static member's initializer is a default a constructor may replace).
(field_declaration
  (type_qualifier)
  declarator: (field_identifier) @const.name
  default_value: (_) @const.value)
