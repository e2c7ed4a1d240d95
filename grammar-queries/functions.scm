; Function bodies the extractor walks, and lambdas (analysed as functions of their own).
; Captures: @function (the definition), @function.declarator, @function.body; @lambda, @lambda.body.
(function_definition
  declarator: (_) @function.declarator
  body: (compound_statement) @function.body) @function

(lambda_expression
  body: (compound_statement) @lambda.body) @lambda
