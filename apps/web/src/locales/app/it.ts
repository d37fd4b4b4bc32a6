/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," carattere oltre il limite di ",["max"]],"other":["#"," caratteri oltre il limite di ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["#"," carattere rimasto"],"other":["#"," caratteri rimasti"]}]]}',
) as Messages;
