; Declared types of names outside function bodies: class/struct members and namespace-scope variables, so a call
; like `m_device->Barrier(tex, state)` can be told from the D3D12 method by the type of `m_device`.
; Captures: @member.type, @member.declarator (class members); @global.type, @global.declarator (file/namespace scope).
(field_declaration
  type: (_) @member.type
  declarator: (_) @member.declarator)

(translation_unit
  (declaration
    type: (_) @global.type
    declarator: (_) @global.declarator))

(declaration_list
  (declaration
    type: (_) @global.type
    declarator: (_) @global.declarator))
