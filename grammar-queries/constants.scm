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
