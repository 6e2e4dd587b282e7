"""The declared grammar of dice expressions (lark, LALR(1)).

Kept as a Python string so it ships inside the package. Meaning of each part and every
difference from the d20 library's notation: :mod:`bot.dice.expr`.
"""

GRAMMAR = r"""
start: REPEAT? num LABEL?

?num: comparison
?comparison: comparison COMP a_num -> compare
           | a_num
?a_num: a_num A_OP m_num -> binary
      | m_num
?m_num: m_num M_OP u_num -> binary
      | u_num
?u_num: U_OP u_num -> unary
      | annotated
?annotated: atom
          | atom ANNOTATION+ -> annotate
?atom: dice
     | set
     | INT -> number

dice: DICE DICE_OP*

set: LPAR setbody RPAR DICE_OP*
setbody:                         -> empty_set
       | num                     -> paren_body
       | num _COMMA              -> single_set
       | num (_COMMA num)+ _COMMA? -> multi_set

REPEAT.3: /[0-9]+x/i
DICE.2: /[0-9]*[dD]([0-9]+|%)/
// keep/drop (kh kl dh dl k p with a selector), rerolls, d20's explode, min/max, aces,
// savagebot's advantage and disadvantage
DICE_OP.2: /(kh|kl|dh|dl)[0-9]+|(k|p|rr|ro|ra|e)[hl<>]?[0-9]+|(mi|ma)[0-9]+|!(>[0-9]+)?(?!=)|(adv|dis)[0-9]*/
INT: /[0-9]+/
COMP: "==" | "!=" | ">=" | "<=" | "<" | ">"
A_OP: "+" | "-"
U_OP: "+" | "-"
M_OP: "*" | "//" | "/" | "%"
LPAR: "("
RPAR: ")"
_COMMA: ","
ANNOTATION: /\[[^\]]*\]/
LABEL: /#.*/s

%ignore /[ \t\r\n]+/
"""
