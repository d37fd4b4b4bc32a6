/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," carácter por encima del límite de ",["max"]],"other":["#"," caracteres por encima del límite de ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["Queda ","#"," carácter"],"other":["Quedan ","#"," caracteres"]}]]}',
) as Messages;
