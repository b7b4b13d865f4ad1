# `mancala serve` sayfası, Türkçe.
#
# Bu katalog en.ftl'nin (başvuru kataloğunun) çevirisidir ve onunla tam olarak aynı anahtarlara
# sahiptir. Anadili Türkçe olanların düzeltmeleri projenin deposunda memnuniyetle karşılanır: bir
# kuyu, taş ya da hazine için daha iyi bir sözcük, ya da daha doğal okunan bir cümle iyi bir
# değişikliktir.
#
# Kuyu harfleri, hamleler ("pass" dışında), konum dizeleri ve OGN gösterimi çevrilmez. Türkçede
# sayıdan sonra ad tekil kalır ("5 taş"); çoğul seçicileri one/other biçimindedir.

## The language menu and the page's frame

language-menu = Dil
settings = Ayarlar
set-theme = Renkler
set-theme-system = Cihaz gibi
set-theme-light = Açık
set-theme-dark = Koyu
set-motion = Hamlelerin çizimi
set-motion-system = Cihaz gibi
set-motion-full = Taş taş
set-motion-reduced = Bir kerede (az hareket)
set-sound = Hamle ve alma sesleri
nav-play = Oyna
nav-mirall = Ayna
nav-cups = Bardaklardaki taşlar
nav-rules = Nasıl oynanır
offline = Bağlantı koptu — yeniden deneniyor… Sunucu yeniden yanıt verene kadar hiçbir hamle yapılamaz.
connection-lost = Bağlantı koptu — yeniden deneniyor…
move-unsent = { $move } hamleniz sunucuya ulaşmadı.
move-unsent-again = { $move } hamlesini yeniden oyna

## Sides and players

side-south = Güney
side-north = Kuzey
# A store, as a screen reader names it: "South's store, 12 seeds".
store-label = { $side } hazinesi, { $count ->
    [one] { $count } taş
   *[other] { $count } taş
  }
# A pit, as a screen reader names it: "C, 7 seeds, playable". The pit letter stays.
pit-label = { $whose ->
    [mine] sizin { $pit } kuyunuz
    [theirs] rakibin { $pit } kuyusu
   *[side] { $side } tarafının { $pit } kuyusu
  }, { $count ->
    [one] { $count } taş
   *[other] { $count } taş
  }, { $playable ->
    [yes] oynanabilir
   *[no] oynanamaz
  }
pit-label-hint = , önerilen hamle
pit-label-last = , son hamle
board-label = tahta
board-label-south = Tahta: Kuzey'in sırası üstte, Güney'inki altta
board-label-north = Tahta: sizin sıranız (Kuzey'in) altta, Güney'inki üstte
mirall-board-label = Ayna tahtası
cups-board-label = çember biçiminde bardaklar

## Game names (as players say them) and summaries

game-modiar = Modiar
game-mangala-ii = Mangala
game-oware = Oware
game-kalah = Kalah
game-el-mirall = Ayna
game-stones-in-cups = Bardaklardaki taşlar
summary-modiar = 2x3 kuyulu, kuyu başına 7 taşlı bir Fas çocuk oyunu: ilk taş boşaltılan kuyuya geri bırakılır, tek taş oynanamaz, 2, 4 ya da 6 taşlık almalar geriye doğru zincirlenir, ilk hamle taş almaz, taşı kalmayan rakip beslenmelidir ve büyük şlem yasaktır.
summary-mangala-ii = 2x6 kuyulu, kuyu başına 6 taşlı bir Osmanlı Türk oyunu: dağıtım bir sonraki kuyudan başlar, iki sıradan birinde 2, 4 ya da 6 taşlık almalar geriye doğru zincirlenir, sırası boş olan oyuncu pas geçer ve tahta boşalana kadar oynanır.
summary-oware = 2x6 kuyulu, kuyu başına 4 taşlı Batı Afrika klasiği (abapa kuralları): turlar başlangıç kuyusunu atlar, rakibin sırasında 2 ya da 3 taşlık almalar geriye doğru zincirlenir, taşı kalmayan rakip beslenmelidir, büyük şlem taş almaz ve bir oyuncu taşların yarısından fazlasını alınca oyun biter.
summary-kalah = Amerikan ticari oyunu Kalah(6,4): her oyuncu kendi hazinesinden geçerek dağıtır, son taş hazineye düşerse bir hamle daha kazanılır, kendi boş kuyusunda biterse karşıdaki kuyuyla birlikte alınır ve bir sıra boşalınca oyun biter.
# The menu of games: "Modiar (3×2, 7 a pit)".
game-option = { $name } ({ $pits }×2, kuyu başına { $seeds })

## Computer levels

level-random = Rastgele (herhangi bir geçerli hamleyi oynar)
level-greedy = Açgözlü (hemen en çok taşı alır)
level-beginner = Yeni başlayan (bir hamle ileriyi görür ve sık sık daha zayıf bir hamle seçer)
level-novice = Acemi (hamlesine verilecek karşılığı görür, bazen daha zayıf bir hamle seçer)
level-intermediate = Orta (dört yarım hamle ileriyi görür, en iyi hamleden nadiren sapar)
level-advanced = İleri (yedi yarım hamle ileriyi görür, her zaman en iyi hamlesini oynar)
level-expert = Uzman (on iki yarım hamle ileriyi görür)
level-maximum = En üst (hamle başına süre ne kadar izin verirse o kadar derin, bütün çekirdeklerde)
# A level named in a game's title and in Your games: "Modiar against the computer (novice)".
level-name-random = rastgele
level-name-greedy = açgözlü
level-name-beginner = yeni başlayan
level-name-novice = acemi
level-name-intermediate = orta
level-name-advanced = ileri
level-name-expert = uzman
level-name-maximum = en üst

## New game

new-game = Yeni oyun
ng-game = Oyun
ng-opponent = Rakip
ng-opponent-engine = Bilgisayar
ng-opponent-local = Bu ekranda iki oyuncu
ng-opponent-remote = Bir arkadaş, bağlantıyla
ng-level = Seviye
ng-side = Oynadığınız taraf
ng-side-south = Güney (alt sıra, ilk oynar)
ng-side-north = Kuzey (üst sıra)
ng-hints = Oyun sırasında iki oyuncu da öneri ve analiz kullanabilir (arkadaşınız katılmadan önce bunu görür; aksi halde oyun bitince açılırlar)
ng-start = Başla
ng-from = Başlangıç
ng-from-start = Olağan başlangıç
ng-from-position = Sizin kurduğunuz bir konum
ng-position = Konum
ng-position-help = Güney'in kuyularındaki taşlar (A, B, …), sonra Kuzey'inkiler (a, b, …), sonra Güney'in ve Kuzey'in aldığı taşlar, sonra sıra kimde: S ya da N. Başlangıç { $start }.
ng-position-over = Bu konumda oyun zaten bitmiş.
ng-position-to-move = Sıra { $side } tarafında: { $moves }
ng-board-label = Kurduğunuz konum

## Your games

your-games = Oyunlarınız
col-game = Oyun
col-opponent = Rakip
col-turn = Sıra ya da sonuç
col-score = Skor (Güney–Kuzey)
col-last = Son hamle
col-open = Aç
game-fallback = Oyun
opp-engine = Bilgisayar ({ $level })
opp-local = Tek ekranda iki oyuncu
opp-watching = İki kişiyi izliyorsunuz
opp-remote = Bir arkadaş, bağlantıyla
opp-lobby = Lobiden bir rakip
turn-yours = Sıra sizde
turn-computer = Sıra bilgisayarda
turn-friend = Sıra arkadaşınızda
turn-opponent = Sıra rakibinizde
to-move = Hamle sırası: { $side }
game-you = { $name } (siz: { $side })
score-pair = { $south }–{ $north }
open-view = Gör
open-resume = Sürdür
open-label = { $action }: { $name }, { $opponent }

## Import

import-title = Bir oyunu içe aktar (OGN)
import-label = OGN kaydı
import-file = Ya da bir dosya:
import-go = İçe aktar ve oynamayı sürdür

## A game

game-title-engine = { $name }, bilgisayara karşı ({ $level })
game-title-local = { $name } — iki oyuncu
game-title-remote = { $name } — bağlantıyla oynayan iki kişi
game-title-lobby = { $name } — lobide karşılaşan iki oyuncu
game-not-found = Oyun bulunamadı
missing-new-game = Yeni bir oyun başlatın
invite-link = Bu bağlantıyı arkadaşınıza gönderin (öbür yeri yalnızca bir kez açar):
copy = Kopyala
invite-hints-on = Bu oyunda öneri ve analiz iki oyuncuya da açık.
invite-hints-off = Öneri ve analiz oyun bitene kadar kapalı kalır.
undo-agree = Kabul et
undo-refuse = Reddet
undo-asks = { $side } bir hamleyi geri almak istiyor.
btn-pass = Pas
btn-undo = Geri al
btn-hint = Öneri
btn-resign = Terk et
btn-ogn = OGN indir
btn-analyse = Analiz et
btn-new-game = Yeni oyun
speed = Hız
hints-off-note = İki kişi oynarken öneri ve analiz kapalıdır; oyun bitince açılırlar.
hints-on-note = Bu oyunda öneri ve analiz iki oyuncuya da açık (oyun kurulurken seçildi).
hints-rated-note = Dereceli oyunda öneri, analiz ve geri alma kapalıdır; öneri ve analiz oyun bitince açılır.
undo-over-note = Oyun bitti: Geri al kapalı, biten bir oyun yeniden açılmaz.
undo-over-title = Oyun bitti: biten bir oyunda hamle geri alınmaz
keys-note = Tuşlar: bir kuyunun harfi onu oynar (büyük ya da küçük harf); Tab her kuyuya ulaşır, Enter ya da Boşluk onu oynar; zorunlu olduğunda P pas geçer.
own-link-summary = Bu yeri başka bir cihazda oyna
own-link = Kendi bağlantınız (kimseyle paylaşmayın):
moves = Hamleler
analysis = Analiz
rules-of-game = Nasıl oynanır: { $name }

## Who plays

who-computer = Bilgisayar ({ $side })
who-you = Siz ({ $side })
who-friend = Arkadaş ({ $side })
who-opponent = Rakip ({ $side })
who-person = { $side } (bir kişi)
watching = İzliyorsunuz: { $players }. Tahta yalnızca okunabilir.
watching-remote = { $south } ile { $north } karşı karşıya, bağlantıyla oynayan iki kişi
watching-lobby = { $south } ile { $north } karşı karşıya, lobide karşılaşan iki oyuncu
watching-engine = { $south } ile { $north } karşı karşıya
watching-local = Güney Kuzey'e karşı, tek ekranda iki oyuncu
watching-used = Bu davet zaten kullanıldı: yerini yalnızca bir kez açar.

## The status line

status-over = Oyun bitti: { $result }
status-extra-turn = Bir hamle daha!
status-choose = { $who }: bir kuyu seçin ({ $moves })
status-must-pass = { $who }: oynanabilecek kuyu yok, pas geçiyorsunuz (Pas'a ya da P'ye basın)
status-thinking = Bilgisayar düşünüyor…
status-waiting-friend = Arkadaşınız bekleniyor ({ $side })…
status-waiting-opponent = Rakibiniz bekleniyor ({ $side })…
status-waiting = { $side } bekleniyor ({ $side })…
# Said while a move is drawn, and to screen readers.
ply-passes = { $side } pas geçiyor
ply-plays = { $side } { $move } oynuyor
ply-plays-capturing = { $side } { $move } oynuyor ve { $count } taş alıyor
ply-extra-turn = Bir hamle daha: { $side } yeniden oynuyor
# The move list's title of a move: "South C, captured 4, extra turn".
ply-title = { $side } { $move }
ply-title-captured = , { $count } taş aldı
ply-title-extra = , bir hamle daha
taken-back-one = Bir hamle geri alındı.
taken-back = { $count ->
    [one] { $count } hamle geri alındı.
   *[other] { $count } hamle geri alındı.
  }
undo-asked = Arkadaşınızdan hamlenin geri alınmasını kabul etmesi istendi.
undo-asked-opponent = Rakibinizden hamlenin geri alınmasını kabul etmesi istendi.
undo-withdraw = İsteği geri çek
undo-refused = Öbür oyuncu hamlenizin geri alınmasını kabul etmedi.
not-your-turn = Sıra sizde değil.
read-only = İzliyorsunuz: bu tahta yalnızca okunabilir.
resign-confirm = Bu oyunu terk etmek istiyor musunuz?

## Results

result-draw = Berabere { $south }–{ $north }
result-you-win = Kazandınız { $mine }–{ $theirs }
result-you-lost = Kaybettiniz { $mine }–{ $theirs }
result-wins = Kazanan { $winner }: { $score }–{ $other }
result-with-reason = { $result } ({ $reason })
reason-you-resigned = oyunu terk ettiniz
reason-computer-resigned = bilgisayar oyunu terk etti
reason-opponent-resigned = rakibiniz oyunu terk etti
reason-side-resigned = { $side } oyunu terk etti
end-no-legal-move = hamle sırası gelen oyuncunun geçerli hamlesi yok
end-empty-board = tahta boş
end-row-empty = bir sıra boş
end-majority = bir oyuncu taşların yarısından fazlasını aldı
end-repetition = bir konum ikinci kez ortaya çıktı
end-max-plies = hamle sınırına ulaşıldı

## Hints and analysis

hint-database = Öneri: { $move } oynayın — kusursuz oyunla { $side } { $lead ->
    [ahead] { $by } farkla kazanır
    [behind] { $by } farkla kaybeder
   *[even] berabere kalır
  } (her hamle: { $moves })
hint-search = Öneri: { $move } oynayın — { $depth } yarım hamle ileriye bakınca { $side } { $lead ->
    [ahead] yaklaşık { $by } taş önde
    [behind] yaklaşık { $by } taş geride
   *[even] aşağı yukarı eşit
  } bitiriyor
hint-said = Öneri: { $move } oynayın.
analysis-weighing = Her hamle tartılıyor…
analysis-forced = zorunlu
analysis-best = en iyisi
analysis-loses = { $loss } kaybettirir (en iyisi { $best } { $score })
analysis-mistake = hata: { $note }
analysis-exact = kesin
analysis-depth = { $depth } yarım hamle
analysis-side = { $side }: { $mistakes ->
    [one] { $mistakes } hata
   *[other] { $mistakes } hata
  }, { $lost ->
    [one] { $lost } taş kaybı
   *[other] { $lost } taş kaybı
  }
analysis-how-deep = Her hamle { $depth } yarım hamle derinliğinde arandı
analysis-how-deep-db = Her hamle { $depth } yarım hamle derinliğinde arandı; bir veritabanının kapsadığı konumlarda kesin
analysis-how = Her hamle tartıldı
analysis-summary = { $how }; skorlar, hamle yapanın bekleyebileceği son skor farkıdır. { $south }; { $north }.

## The solitaires: shared

btn-reset = Baştan başla
btn-back = Geri
btn-step = Adım
btn-auto = Kendiliğinden oynat
btn-pause = Duraklat
moves-count = Hamle:
counts-title = Başlangıç geri gelene kadarki hamleler
counts-mark = Vurgulu
counts-mark-note = hücreler oyunun özgün metninde basılı sayılardır (burada sayılan aynıysa ✓, farklıysa ✗; sayfanın beklediği sürede sayılamadıysa ?).
counting = Sayılıyor…
not-counted = zamanında sayılamadı
not-counted-seed = zamanında sayılamadı; kaynak { $seed } veriyor
seed-gives = kaynak { $seed } veriyor
size-wrong = { $field }, { $min } ile { $max } arasında bir tam sayı olmalı; { $value } olamaz
size-empty = { $field }, { $min } ile { $max } arasında bir tam sayı olmalı (alan boş)
size-not-number = { $field }, { $min } ile { $max } arasında bir tam sayı olmalı (bu bir sayı değil)
auto-cannot = Kendiliğinden oynatma bu boyutu burada bitiremez: { $why }
auto-too-long = Kendiliğinden oynatma bu boyutu burada bitiremez: başlangıç ancak { $cycle } hamle sonra geri gelir (sayfa en çok { $limit } hamle oynar); Adım hamleleri tek tek gösterir.

## El mirall

mirall-summary = İki sıra aynı anda oynar, her biri öbürünün ayna görüntüsüdür: Güney en soldaki dolu kuyusunu sağa doğru dağıtır, Kuzey en sağdakini sola doğru. İki sıra ne zaman başlangıca döner?
m-pits = Kuyu
m-seeds = Taş
m-mode = Kip
m-mode-watch = Oynanışını izle
m-mode-duo = İki oyuncu (her biri kendi sırasını dağıtır)
m-mode-link = İki cihazda iki oyuncu (bağlantıyla)
m-duo-help = Her oyuncu kendi sırasını, kuyularının yanında gösterilen tuşla (Kuzey: Q W E ..., Güney: Z X C ...) ya da kuyuya dokunarak dağıtır. İkisi de doğru kuyuyu dağıttığında bir hamle olur; aynı tempoda kalmaya çalışın.
m-link-send = Bu bağlantıyı Kuzey'i (üst sırayı) oynayacak öbür oyuncuya gönderin:
m-rows-note = Satırlar: sıra başına kuyu; sütunlar: kuyu başına taş.
m-back-at-start = İki sıra { $moves ->
    [one] { $moves } hamle
   *[other] { $moves } hamle
  } sonra başlangıca döndü.
m-status-link-sown = Hamle { $move }: dağıttınız; { $other } bekleniyor.
m-status-link-sow-south = Hamle { $move }: en soldaki dolu kuyunuzu dağıtın.
m-status-link-sow-north = Hamle { $move }: en sağdaki dolu kuyunuzu dağıtın.
m-status-link-sow-south-other = Hamle { $move }: en soldaki dolu kuyunuzu dağıtın ({ $other } dağıttı).
m-status-link-sow-north-other = Hamle { $move }: en sağdaki dolu kuyunuzu dağıtın ({ $other } dağıttı).
m-status-duo = Hamle { $move }: Güney en soldaki dolu kuyusunu, Kuzey en sağdakini bulmalı.
m-status-watch = Hamle { $move }: Güney { $south } kuyusunu, Kuzey { $north } kuyusunu dağıtıyor.
m-result = { $moves ->
    [one] { $moves } hamle
   *[other] { $moves } hamle
  } sonra başlangıca dönüldü.
m-result-differs = (Başlangıçtan sayınca tam tur { $cycle } hamle sürer.)
m-result-duo = Birlikte { $secs } sn; hatalar: Güney { $south }, Kuzey { $north }; ortalama { $gap } ms arayla.
m-no-such-pit = { $side } tarafında böyle bir kuyu yok.
m-south-must = Güney { $pit } değil, { $want } kuyusunu dağıtmalı: { $why }
m-north-must = Kuzey { $pit } değil, { $want } kuyusunu dağıtmalı: { $why }
m-south-why-first = en soldaki kuyusu odur ve içinde taş var
m-south-why = taş bulunan en soldaki kuyusu odur (boş: { $empty })
m-north-why-first = en sağdaki kuyusu odur ve içinde taş var
m-north-why = taş bulunan en sağdaki kuyusu odur (boş: { $empty })
m-pit-empty = ; { $pit } boş
m-stats = Birlikte hamle: { $moves }. Hatalar: Güney { $south }, Kuzey { $north }. Dağıtımlarınız arasındaki ortalama fark: { $gap } ms.
m-you-play-south = Güney'i, alt sırayı oynuyorsunuz: kuyunuza dokunun ya da tuşuna basın.
m-you-play-north = Kuzey'i, üst sırayı oynuyorsunuz: kuyunuza dokunun ya da tuşuna basın.
m-watching = İzliyorsunuz: bu tarayıcının bu oyunda yeri yok.
m-link-result = { $moves ->
    [one] { $moves } hamle
   *[other] { $moves } hamle
  } sonra başlangıca dönüldü, birlikte { $secs } sn.
m-your-row-south = Güney'in (alttaki) sırasını oynuyorsunuz.
m-your-row-north = Kuzey'in (üstteki) sırasını oynuyorsunuz.

## Stones in cups

cups-summary = Bardaklar bir çember üzerinde durur. 0 numaralı bardağı boşaltın ve taşlarını saat yönünde, her bardağa bir taş olmak üzere dağıtın; sonra son taşın düştüğü bardağı boşaltın, ve böyle sürüp gider. Her bardak yeniden kendi taşlarını alıp sıra 0 numaralı bardağa gelene kadar kaç hamle gerekir?
c-cups = Bardak
c-stones = Taş
c-guess = Tahmininiz
c-guess-placeholder = kaç hamle?
c-guess-go = Tahmin et, sonra çalıştır
c-rows-note = Satırlar: bardak başına taş (k); sütunlar: bardak (n).
c-back-at-start = başlangıca dönüldü
c-next = sıradaki: { $cup } numaralı bardak
c-size = { $cups } bardak × { $stones }
c-done = { $moves ->
    [one] { $moves } hamle
   *[other] { $moves } hamle
  } sonra başlangıca dönüldü.
c-status = Hamle { $move }: { $cup } numaralı bardağı boşaltın ({ $stones ->
    [one] { $stones } taş
   *[other] { $stones } taş
  }) ve saat yönünde dağıtın.
c-engine-counts = (Başlangıçtan sayınca tam tur { $cycle } hamle sürer.)
c-guess-right = Tahmininiz, { $guess }, doğruydu!
c-guess-few = Tahmininiz { $guess } idi: { $by } eksik.
c-guess-many = Tahmininiz { $guess } idi: { $by } fazla.
c-guess-first = Önce tahmininizi girin: hamle sayısı olarak bir tam sayı.
c-guess-running = Tahmininiz: { $guess ->
    [one] { $guess } hamle
   *[other] { $guess } hamle
  }. Çalışıyor…

## How to play (the rules pages)

rules-title = Nasıl oynanır
rules-game = Kurallar:
rules-loading = Kurallar yükleniyor…

## Server errors, by their code (docs/api.md). The variables are the error's parameters.

error-bad-request = İstek bu adresin beklediği biçimde değil: { $detail }
error-body-too-large = İstek çok büyük: en çok { $max } bayt olabilir.
error-not-json = İstek JSON olarak gönderilmelidir.
error-unknown-game = Bilinmeyen oyun '{ $game }'.
error-bad-game = '{ $game }' oyunu oynanamaz: { $detail }
error-bad-position = '{ $position }' konumu kullanılamaz: { $detail }
error-unknown-level = Bilinmeyen seviye '{ $level }' (seviyeler: { $levels }).
error-bad-side = Bilinmeyen taraf '{ $side }': south ya da north kullanın.
error-bad-opponent = Bilinmeyen rakip '{ $opponent }': engine, local ya da remote kullanın.
error-level-needs-engine = Seviye yalnızca bilgisayara karşı bir oyun için seçilir.
error-hints-choice-needs-link = Öneriler yalnızca bir arkadaşla bağlantı üzerinden oynanan oyun için seçilir.
error-bad-record = Oyun kaydı okunamıyor: { $detail }
# Bir oyun kaydındaki hata.
record-syntax-tag-no-name = satır { $line }: bir etiketin adı olmalı, [Ad "değer"] gibi
record-syntax-tag-not-quoted = satır { $line }: { $tag } etiketinin değeri çift tırnak içinde olmalı
record-syntax-tag-unclosed = satır { $line }: { $tag } etiketinin değerinin kapanış tırnağı yok
record-syntax-tag-escape = satır { $line }: { $tag } etiketinde yalnızca \" ve \\ kaçışlanabilir
record-syntax-tag-no-bracket = satır { $line }: { $tag } etiketinin değerinden sonra ']' gerekir
record-syntax-tag-after-moves = satır { $line }: hamlelerden sonra bir etiket var
record-syntax-tag-twice = satır { $line }: { $tag } etiketi iki kez verilmiş
record-syntax-after-result = satır { $line }: '{ $text }', '{ $result }' sonucundan sonra geliyor
record-syntax-capture-mark = satır { $line }: '{ $text }': alma işareti '+' ve bir taş sayısıdır (b+2 gibi)
record-syntax-not-a-move = satır { $line }: '{ $text }' bir hamle değil (bir kuyunun harfi ya da pas)
record-syntax-empty = kayıt boş: ne etiket ne hamle var
record-syntax-result-tag = satır { $line }: Result etiketindeki '{ $tag }' bir sonuç değil (*, ya da 25-19 gibi puanlar)
record-syntax-result-differs = satır { $line }: Result etiketi '{ $tag }' diyor, ama hamleler '{ $result }' ile bitiyor
record-syntax-comment-unclosed = satır { $line }: '{"{"}' ile açılan bir yorum hiç '{"}"}' ile kapanmıyor
record-fen = FEN etiketi: { $why }
record-variant = kayıt { $rules } için değil, { $record } için
record-move = { $number } numaralı hamle ('{ $text }'): { $why }
record-capture-mark = { $number } numaralı hamle ('{ $text }') { $marked } taş alıyor diye işaretlenmiş, ama { $actual } taş alıyor
record-result = '{ $result }' sonucu hamlelere uymuyor; hamleler oyunu { $actual } ile bitiriyor
record-unknown-variant = Variant etiketindeki '{ $tag }' bu sitede oynanan bir oyun değil
record-no-variant = kayıtta oyunu adlandıran bir Variant etiketi yok
record-game-tag = Game etiketindeki '{ $tag }' bu sitede oynanan bir oyun değil
record-no-game-tag = kayıtta Game etiketi yok, yani bu standart tahtasında { $name } (sırada { $pits } kuyu, kuyuda { $seeds } taş), { $tag } değil
record-resigner = Termination etiketi '{ $tag }' kimin çekildiğini söylemiyor (Güney ya da Kuzey)
record-resigned-after-end = kayıt { $side } çekildi diyor, ama oyun zaten bitmişti
record-stopped-after-end = Termination etiketi '{ $tag }' diyor, ama oyun zaten bitmişti
record-unfinished-other-winner = '{ $result }' sonucu yanlış: { $side } çekildi, yani öbür taraf kazandı
record-unfinished-other-winner-on-time = '{ $result }' sonucu yanlış: { $side } süreden kaybetti, yani öbür taraf kazandı
record-unfinished-no-termination = sonuç '{ $result }', ama hamleler oyunu bitirmiyor ve nasıl bittiğini söyleyen bir Termination etiketi yok
record-unfinished-final-score = '{ $result }' bir son puan, ama hamleler oyunu bitirmiyor (süren bir oyun için * yazın)
record-too-large = kayıt { $bytes } bayt; bir kayıt en çok 1 MiB olabilir
# Bir konumdaki hata.
position-field-count = bu oyunun bir konumu '-' ile ayrılmış { $expected } parçadan oluşur, bunda { $found } parça var
position-not-a-number = parça { $index }: '{ $value }' bir tam sayı değil
position-too-large = parça { $index }: { $value }, bir kuyunun alabileceğinden (255) fazla
position-side = parça { $index }: '{ $value }' S ya da N değil (hamle sırası kimde)
position-total = taşların toplamı { $found }, ama oyunda { $expected } taş var
position-pit-count = oyunda sıra başına { $pits } kuyu var, konumda ise { $found } kuyu
position-odd-captures = { $side } { $captured } taş almış, bu tek bir sayı; bu oyunda her alma çift sayıda taş alır, bu yüzden hiçbir oyun bu konuma ulaşmaz
error-no-route = Burada bir şey yok: { $path }
error-method-not-allowed = { $path } üzerinde { $method } kullanılamaz.
error-no-game = '{ $id }' diye bir oyun yok.
error-token-required = Bunun için oyundaki bir yerin anahtarı gerekir.
error-token-rejected = Bu anahtar bu oyunda hiçbir yer vermiyor.
error-invitation-used = Bu davet zaten kullanıldı: yerini yalnızca bir kez açar.
error-no-seats = Bu oyunun iki yeri de dolu.
error-hints-closed = Bu oyunda öneri ve analiz oyun bitene kadar kapalı.
error-game-over = Oyun bitti.
error-game-resigned = Oyun bitti: { $side } oyunu terk etti.
error-not-your-turn = Sıra sizde değil: hamle sırası { $side } tarafında.
error-engine-turn = { $side } tarafını bilgisayar oynuyor: sıra onda.
error-not-a-move = '{ $text }' bir hamle değil: bir kuyuyu harfiyle söyleyin ya da pas geçin.
error-no-such-pit = { $pit } diye bir kuyu yok (kuyular: { $pits }).
error-illegal-move = { $move } şimdi oynanamaz: { $reason } (geçerli hamleler: { $legal }).
error-resign-other-side = Siz { $side } tarafını oynuyorsunuz, { $asked } tarafını değil: yalnızca kendi tarafınız adına oyunu terk edebilirsiniz.
error-resignation-final = Oyunu terk etmek geri alınamaz.
error-nothing-to-undo = Geri alınacak hamle yok.
error-no-own-move-to-undo = Geri alınacak bir hamle yapmadınız.
error-undo-pending = Hamle geri alma isteği zaten yanıt bekliyor.
error-no-undo-asked = Kimse hamle geri almak istemedi.
error-no-legal-move = Geçerli hamle yok.
error-no-moves-yet = Henüz hiç hamle yapılmadı.
error-size-out-of-range = { $field }, { $min } ile { $max } arasında olmalı; { $value } olamaz.
error-count-too-long = bu boyutu saymak sayfanın beklediğinden uzun sürer
error-mirall-over = Bu Ayna oyunu bitti: iki sıra da başlangıca döndü.
error-mirall-wait = Dağıttınız; öbür oyuncuyu bekleyin.
error-mirall-other-row = { $pit } kuyusu öbür sırada: siz { $side } tarafını oynuyorsunuz.
error-not-a-pit = '{ $text }' bir kuyu değil.
error-wrong-host = Bu sunucu '{ $host }' adına yanıt vermiyor.
error-no-host = İstekte sunucu adı yok.
error-stale-version = Oyun ilerlemişti (bu daha önceki bir konum içindi ya da zaten yapılmıştı): tahta şimdi oyunu olduğu gibi gösteriyor.
error-future-version = Sayfanız oyunla uyumsuzdu (oyunun henüz ulaşmadığı bir duruma göre gönderildi): tahta şimdi oyunu olduğu gibi gösteriyor.
error-database-unavailable = Veritabanı yanıt vermiyor: hiçbir şey değişmedi; yeniden bağlanılıyor…
error-server-busy = Sunucu meşgul: biraz sonra yeniden deneyin.
error-too-many-games = Kısa sürede çok fazla yeni oyun: { $seconds } sn sonra yeniden deneyin.
error-uri-too-long = Adres sunucu için çok uzun.
error-headers-too-large = İsteğin başlıkları sunucu için çok büyük.
error-server-error = Sunucuda hata oluştu: { $detail }
# The reasons of an illegal move ({ $reason } above).
reason-pass-not-allowed = pas yalnızca hiçbir kuyu oynanamıyorsa geçilebilir
reason-not-your-pit = o kuyu sizin sıranızda değil
reason-empty-pit = o kuyu boş
reason-too-few-seeds = bir kuyunun oynanması için en az { $min } taş gerekir, bu kuyuda { $held } taş var
reason-grand-slam = rakibin bütün taşlarını alırdı (büyük şlem)
reason-must-feed = rakibin sırası boş ve bu hamle ona taş vermiyor
reason-not-allowed = kurallar buna izin vermiyor

## Clocks, draw offers and rematches between two people
ng-clock = Saat
clock-none = Saatsiz
clock-live = { $minutes } dk + hamle başına { $seconds } sn
clock-days = Hamle başına { $days } gün
clock-days-left = { $days } g { $hours } sa
clock-label = { $side } saati: { $time }
clock-low = { $side } için on saniyeden az kaldı.
clock-start = { $side } ilk hamlesini { $seconds } sn içinde yapmalı, yoksa oyun iptal edilir.
btn-draw = Beraberlik öner
draw-offered = Beraberlik önerildi
draw-asks = { $side } beraberlik öneriyor.
draw-accept = Beraberliği kabul et
draw-decline = Reddet
draw-offered-waiting = Beraberlik önerdiniz; öbür oyuncunun yanıtı bekleniyor.
draw-withdraw = Öneriyi geri çek
draw-declined = Öbür oyuncu beraberlik önerinizi reddetti.
draw-agreed-said = Oyun anlaşmayla berabere bitti.
btn-rematch = Rövanş
rematch-accept = Rövanşı kabul et
rematch-offered = Rövanş önerdiniz; öbür oyuncunun yanıtı bekleniyor.
rematch-asks = { $side } taraflar değişerek rövanş öneriyor.
rematch-agreed = Rövanş kabul edildi: taraflar değişti.
rematch-open = Rövanşı oyna
result-aborted = Oyun iptal edildi: bir ilk hamle zamanında gelmedi. Sonuç yok.
reason-your-time = süreniz doldu
reason-their-time = rakibinizin süresi doldu
reason-side-time = { $side } tarafının süresi doldu
end-draw-agreed = anlaşmayla berabere
error-game-stopped = Oyun bitti: { $how ->
    [time-forfeit] { $side } tarafının süresi doldu.
    [abandoned] { $side } oyundan ayrıldı ve galibiyet istendi.
    [draw-agreed] anlaşmayla berabere bitti.
   *[aborted] başlamadan iptal edildi.
}
error-bad-clock = '{ $clock }' geçerli bir saat değil ({ $detail }): 3+2 gibi dakika+saniye ya da 2d gibi hamle başına gün yazın.
error-clock-needs-people = Saat yalnızca iki kişi arasındaki oyun içindir.
error-needs-people = Beraberlik önerileri ve rövanşlar iki kişi arasındadır.
error-no-draw-offer = Kimse beraberlik önermedi.
error-draw-pending = Zaten beraberlik önerdiniz; öbür oyuncunun yanıtı bekleniyor.
error-rematch-needs-end = Rövanş oyun bittikten sonra önerilir.
error-rematch-pending = Zaten rövanş önerdiniz; öbür oyuncunun yanıtı bekleniyor.

## The lobby
nav-lobby = Lobi
lb-title = Lobi
lb-intro = Yeni biriyle oynayın: açık bir meydan okumayı kabul edin, bir tane açıp burada bekleyin ya da aynı oyunu ve saati isteyen herhangi biriyle oynayın.
lb-side = Tarafınız
lb-side-random = Rastgele
lb-create = Meydan okuma aç
lb-seek = Herhangi biriyle oyna
lb-cancel = Geri al
lb-open = Açık meydan okumalar
lb-col-game = Oyun
lb-col-side = Onun tarafı
lb-accept = Kabul et
lb-accept-label = Meydan okumayı kabul et: { $game }, { $clock }
lb-none = Şu an açık meydan okuma yok: bir tane açın ya da herhangi biriyle oynamayı seçip burada bir eş bekleyin.
lb-playing = Süren oyunlar
lb-games-none = İki kişi arasında süren oyun yok.
lb-waiting = Meydan okumanız açık ({ $game }, { $clock }): biri kabul edene kadar bu sayfayı açık tutun.
lb-watch = İzle: { $game }, { $clock }, { $plies } hamle oynandı
lb-made = Meydan okumanız açık.
lb-yours = Sizin meydan okumanız
error-no-challenge = O meydan okuma artık açık değil: geri alındı ya da açan kişi ayrıldı.
error-challenge-taken = O meydan okumayı sizden önce başka biri kabul etti.
error-own-challenge = Bu sizin meydan okumanız: biri kabul edene kadar burada bekleyin.
error-too-many-challenges = { $max ->
    [one] Zaten açık bir meydan okumanız var: geri alın ya da biri kabul edene kadar bekleyin.
   *[other] Zaten { $max } açık meydan okumanız var: birini geri alın ya da biri kabul edene kadar bekleyin.
  }

## Looking back at a game
review-first = Başlangıç konumu
review-back = Bir hamle geri
review-next = Bir hamle ileri
review-last = Oyunun şimdiki hâli
review-start = Başlangıç, { $total } hamlenin ilkinden önce
review-at = Hamle { $ply } / { $total }: { $side } { $move }
review-status = Geriye bakılıyor: { $where }. Oyuna dönmek için End'e basın (ya da tahtaya tıklayın).
graph-label = Her hamleden sonra değerlendirme, Güney'in beklenen farkı ({ $top } taşa kadar); işaretli hatalar: { $mistakes }
graph-point = Hamle { $ply }: Güney için { $value }

## Set phrases between two people
say-title = Söyle:
chat-mute = Öbür oyuncunun mesajlarını gizle
chat-said = { $who }: { $phrase }
phrase-hello = Merhaba!
phrase-good-luck = İyi şanslar!
phrase-your-turn = Sıra sizde.
phrase-well-played = İyi oynadınız!
phrase-good-game = İyi oyundu!
phrase-thanks = Teşekkürler!
error-unknown-phrase = Bu, gönderilebilecek sözlerden biri değil.
error-too-many-phrases = Bu oyunda { $max } söz gönderdiniz, en fazlası bu.

## Whether the other player is there
presence-here = burada
presence-away = ayrıldı
claim-text = { $side } oyundan ayrıldı.
btn-claim = Galibiyeti iste
claim-text-abort = { $side } hiç hamle yapmadan oyundan ayrıldı: oyun yalnızca sonuçsuz iptal edilebilir.
btn-claim-abort = Oyunu iptal et
reason-you-left = oyundan ayrıldınız
reason-they-left = rakibiniz oyundan ayrıldı
reason-side-left = { $side } oyundan ayrıldı
error-cannot-claim = Galibiyet şimdi istenemez: öbür oyuncu burada ya da hâlâ dönebilir.

## Hesaplar, puanlar ve sıralamalar
nav-login = Giriş yap
nav-leaderboard = Puanlar
who-named = { $name } ({ $side })
who-you-named = Siz, { $name } ({ $side })
rating-change = { $name }: { $rating } ({ $change })
lb-rated = Dereceli
lb-rated-note = Dereceli oyun oynamak için giriş yapın.
ng-rated = Dereceli: bilgisayar { $rating } puanla oynar
who-computer-rated = Bilgisayar, puanı { $rating } ({ $side })
lb-col-player = Oyuncu
lb-anonymous = Misafir
acc-title = Hesabınız
acc-intro = Oynamak için hesap gerekmez. Hesabınız olursa bir adınız, her cihazda oyunlarınız ve her oyunda bir puanınız olur.
acc-login = Giriş yap
acc-name-label = Ad
acc-password-label = Parola
acc-login-go = Giriş yap
acc-signup = Hesap oluştur
acc-name-help = 2 ile 24 arası harf, rakam, - ya da _. Başkaları bunu görür.
acc-password-help = En az 8 karakter.
acc-signup-go = Hesabı oluştur
acc-player-page = Sayfanız, başkalarının gördüğü gibi
acc-export = Bütün oyunlarınızı indir (OGN)
acc-ratings = Puanlar
acc-ratings-none = Henüz puanınız yok: lobiden ya da bilgisayara karşı dereceli bir oyun oynayın.
acc-games = Oyunlarınız
acc-games-none = Henüz oyun yok. Giriş yapmışken başlattığınız ya da katıldığınız oyunlar burada saklanır.
acc-logout = Çıkış yap
acc-change-password = Parolayı değiştir
acc-password-now = Şimdiki parola
acc-password-new = Yeni parola
acc-change-password-go = Değiştir
acc-password-changed = Parola değişti; öbür cihazlarınızda oturumunuz kapatıldı.
acc-delete = Hesabı sil
acc-delete-text = Adınız, puanlarınız ve oturumlarınız silinir; oyunlarınız öbür oyuncular için adınız olmadan kalır.
acc-delete-go = Hesabımı sil
acc-delete-confirm = Hesabınız kalıcı olarak silinsin mi? Bu geri alınamaz.
acc-deleted = Hesabınız silindi.
acc-rated = dereceli
acc-going-on = sürüyor
acc-aborted = iptal edildi
acc-draw = berabere
acc-won = galibiyet
acc-lost = yenilgi
acc-col-side = Taraf
acc-col-opponent = Rakip
acc-col-result = Sonuç
acc-col-date = Tarih
acc-col-pool = Oyun ve süre
acc-col-rating = Puan
acc-col-games = Oyunlar
acc-plot-point = { $date }: { $rating }
acc-plot-title = { $pool }: { $from } puandan { $to } puana
pool-name = { $game }, { $category }
category-bullet = kurşun
category-blitz = yıldırım
category-rapid = hızlı
category-classical = klasik
category-correspondence = hamle başına gün
category-untimed = saatsiz
pl-ratings-none = Henüz dereceli oyun yok.
pl-games = Oyunlar
pl-games-none = Henüz oyun yok.
ld-title = Puanlar
ld-intro = Her oyun ve süre kategorisinde Glicko-2 puanları; ? ile işaretli bir puan geçicidir (henüz çok az oyun var).
ld-pool = Oyun ve süre
ld-none = Henüz hiç dereceli oyun oynanmadı.
ld-col-rank = Sıra
ld-col-name = Ad
error-csrf-token-wrong = Bu sayfadaki oturum bilgisi eskimiş; sayfayı yeniden yükleyin.
error-bad-name = '{ $name }' ad olamaz: 2 ile 24 arası harf, rakam, - ya da _ kullanın.
error-name-look-alike = '{ $name }' adı başka bir adla karıştırılabilir: tek bir alfabenin harflerini olağan biçimleriyle kullanın.
error-name-taken = '{ $name }' adı alınmış; başka bir ad seçin.
error-name-reserved = '{ $name }' adı oyunun kendi sözcüklerine ayrılmıştır; başka bir ad seçin.
error-bad-password = Parola { $min } ile { $max } karakter arasında olmalı.
error-login-failed = Ad ya da parola yanlış.
error-too-many-attempts = Çok fazla deneme; { $seconds } sn sonra yeniden deneyin.
error-login-required = Önce giriş yapın.
error-no-player = '{ $name }' diye bir oyuncu yok.
error-bad-pool = Bu bir oyun ve süre kategorisi değil.
error-cannot-rate = Bu oyun dereceli olamaz: { $reason ->
    [login] iki oyuncunun da giriş yapmış olması gerekir.
    [same-account] kendinize karşı dereceli oynayamazsınız.
    [level] bu seviyenin henüz ölçülmüş bir puanı yok.
    [position] dereceli oyun, oyunun olağan başlangıcından başlar.
   *[opponent] dereceli oyunlar bilgisayara karşı ya da lobide kurulan oyunlardır.
}
error-rated-no-takeback = Bilgisayara karşı dereceli oyunda hamle geri alınamaz.
