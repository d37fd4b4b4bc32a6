/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," znak ponad limit ",["max"]],"few":["#"," znaki ponad limit ",["max"]],"many":["#"," znaków ponad limit ",["max"]],"other":["#"," znaku ponad limit ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["Został ","#"," znak"],"few":["Zostały ","#"," znaki"],"many":["Zostało ","#"," znaków"],"other":["Zostało ","#"," znaku"]}]]}',
) as Messages;
