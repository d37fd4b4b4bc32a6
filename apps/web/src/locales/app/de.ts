/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," Zeichen über dem Limit von ",["max"]],"other":["#"," Zeichen über dem Limit von ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["#"," Zeichen übrig"],"other":["#"," Zeichen übrig"]}]]}',
) as Messages;
