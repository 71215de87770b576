# Chữ tiếng Việt chung của ứng dụng: khung, tệp, ngôn ngữ, giao diện. Giữ các khóa khớp với i18n/en/common.ftl.

app-title = Cờ Cá Ngựa
button-show-settings = Thiết lập
button-hide-settings = Ẩn thiết lập
button-rules = Luật chơi
button-new-game = Ván mới
button-close = Đóng
settings-heading = Thiết lập
settings-language = Ngôn ngữ
language-vi = Tiếng Việt
language-en = English
settings-look = Giao diện
look-system = Theo hệ thống
look-light = Sáng
look-dark = Tối
confirm-title = Bắt đầu ván mới?
confirm-text = Thay đổi này cần một ván mới. Ván đang chơi sẽ kết thúc.
status-question-open = Ván chơi chờ bạn trả lời câu hỏi.
status-question-open-clock = Phòng vẫn chơi tiếp khi bạn trả lời: đồng hồ lượt của bạn vẫn chạy.
status-question-open-online = Phòng vẫn chơi tiếp khi bạn trả lời, và chờ bạn khi tới lượt bạn.
status-question-open-watching = Phòng vẫn chơi tiếp khi bạn trả lời.
confirm-yes = Bắt đầu ván mới
confirm-no = Chơi tiếp
button-stats = Thống kê
button-dismiss = Đã hiểu
notice-file-moved = Không đọc được { $file } ({ $reason }). Tệp được giữ lại thành { $kept } và trò chơi bắt đầu với thiết lập mặc định.
notice-file-unreadable = Không đọc được { $file }: { $reason }.
notice-cannot-save = Không lưu được { $file }: { $reason }. Vẫn chơi tiếp được, nhưng sẽ không được lưu lại.
notice-no-folder = Không có thư mục để lưu thiết lập ({ $reason }); sẽ không lưu được gì.
notice-no-storage = Trình duyệt không cho trang này lưu gì ({ $reason }): ván đang chơi, thiết lập và biên bản chỉ còn đến khi đóng trang.
region-top = Thanh trên cùng
region-settings = Thiết lập

## Khởi động, báo cáo lỗi và dòng lệnh của ứng dụng
app-help =
    Cờ Cá Ngựa, trò chơi cá ngựa của Việt Nam.
    Cách dùng: ca-ngua [--version | --help | ĐƯỜNG-DẪN]
    Không có tham số thì mở cửa sổ trò chơi; với đường dẫn mời của một phòng
    (http://MÁY:CỔNG/join/MÃ hoặc ca-ngua://MÁY:CỔNG/MÃ) thì mở cửa sổ và
    vào phòng đó.
      --version   in phiên bản rồi thoát
      --help      in phần hướng dẫn này rồi thoát
    Nhật ký và báo cáo lỗi được lưu trong thư mục dữ liệu ({ $data }); đặt CA_NGUA_LOG=debug để nhật ký ghi chi tiết hơn.
startup-bad-argument = Không hiểu tham số { $arg }: ca-ngua --help liệt kê các tham số dùng được.
startup-no-display = Cờ Cá Ngựa không mở được cửa sổ vì không tìm thấy màn hình nào; hãy mở trò chơi từ một phiên làm việc có giao diện đồ hoạ.
startup-no-graphics = Cờ Cá Ngựa không khởi động được đồ hoạ OpenGL trên máy này; cập nhật trình điều khiển card đồ hoạ có thể khắc phục.
startup-failed = Cờ Cá Ngựa không mở được cửa sổ ({ $reason }).
notice-crash-report = Lần trước trò chơi bị đóng vì một lỗi. Báo cáo lỗi đã được lưu tại { $file }; gửi kèm tệp này khi báo lỗi sẽ giúp sửa lỗi.


## Cảm giác chơi (issue 13): âm thanh
settings-sound = Âm thanh
settings-volume = Âm lượng

## Hai trò chơi (issue 12): chọn trò chơi ở thanh trên cùng
game-picker = Trò chơi
game-ca-ngua = Cờ Cá Ngựa
game-co-nhay = Cờ nhảy
stats-none-yet = Chưa có ván nào kết thúc: số liệu bắt đầu từ ván đầu tiên.
online-room-settings-heading = Cài đặt của phòng
online-room-settings-help = Chủ phòng đã chọn luật và chỗ ngồi này; ở đây không đổi được. Cài đặt của bạn trở lại khi bạn rời phòng.
online-room-players = { $n } người chơi
online-room-rules = Luật của phòng
online-room-goes-on = Phòng chơi qua mạng của bạn ở { $game } vẫn tiếp tục: quay lại đó để chơi.

## The server's invite page (GET /join/CODE)
invite-page-title = Cờ Cá Ngựa: lời mời vào chơi
invite-page-heading = Bạn được mời vào chơi
invite-page-room = Phòng { $code }
invite-page-seats = Đã có { $seated } trên { $players } người
invite-page-computer = Máy
invite-page-join = Vào chơi
invite-page-started = Ván đã bắt đầu và đã đủ người xem: hãy xin chủ phòng mở phòng mới.
invite-page-started-watch = Ván đã bắt đầu: không vào chơi được nữa, nhưng bạn bè vẫn có thể xem.
invite-page-watch = Xem ván
invite-page-download = Tải ứng dụng
invite-page-get-app = Chưa có ứng dụng? Cài Cờ Cá Ngựa (miễn phí, cho Windows, macOS và Linux), rồi mở lại trang này.
invite-page-by-hand = Hoặc mở ứng dụng, chọn Chơi qua mạng và dán đường dẫn này:
invite-page-browser = Chơi trên trình duyệt
invite-page-browser-watch = Xem trên trình duyệt
invite-page-browser-note = Không cần cài gì: ván chơi mở ngay trong trình duyệt này, trên máy chủ này.
invite-page-on-computer = Trên máy tính có ứng dụng:
invite-page-unknown-heading = Không có phòng này
invite-page-unknown = Phòng { $code } không mở trên máy chủ này: có thể ván đã kết thúc. Hãy xin chủ phòng đường dẫn mới.

## A link clicked while the app is open
handoff-title = Vào phòng khác?
handoff-text = Bạn vừa bấm đường dẫn tới phòng { $room }. Vào phòng đó thì rời ván đang chơi ở đây.
handoff-join = Vào phòng
handoff-stay = Chơi tiếp

## Phân tích ván đã ghi
analysis-help = Máy chấm từng nước đi và từng lần gieo: mỗi nước đi mất bao nhiêu và mỗi lần gieo may rủi thế nào. Chỉ mất một lát.
analysis-start = Phân tích ván
analysis-progress = Đang phân tích… { $percent }%
analysis-cancel = Dừng phân tích
analysis-cancelled = Đã dừng phân tích.
analysis-failed = Không phân tích được ván này: { $reason }
analysis-verdict-sum = Cơ hội thắng: { $start }% lúc đầu, { $result }% lúc cuối. Tính bằng điểm phần trăm cơ hội thắng: { $luck } nhờ xúc xắc, { $skill } vì các nước đi, { $others } do những lần gieo và nước đi của người khác ({ $looks } trong số đó là do máy nhìn xa thêm một lần gieo ở mỗi thế cờ).
analysis-deep = Phân tích kỹ
analysis-deep-help = Máy mạnh nhất chơi thử ván này rất nhiều lần từ mỗi thế cờ để kiểm lại từng nước đi và từng lần gieo. Mất vài phút.
analysis-verdict-no-dice = { $name } — { $result }. Các nước đi chưa tốt làm mất { $skill } điểm phần trăm cơ hội thắng.
analysis-graph-help = Khả năng thắng của mỗi người sau từng bước. Bấm vào để tới bước đó.
analysis-no-mistakes = Không có nước sai rõ ràng: mọi nước đã đi đều tốt ngang nước hay nhất, trong sai số của phép phân tích.
analysis-mistakes = Những nước sai đắt nhất (bấm để xem trên bàn cờ):
analysis-mistake = { $name }, bước { $step }: đã đi { $played }; hay hơn là { $best } (mất { $cost } điểm phần trăm cơ hội thắng)
analysis-pass = bỏ lượt
# Dòng của một ghế: ai chơi, kết quả, xúc xắc giúp hay hại và các nước đi
# làm mất bao nhiêu, tính bằng điểm phần trăm cơ hội thắng (issue 45).
analysis-verdict-dice-gave = { $name } — { $result }. Xúc xắc giúp thêm { $luck } điểm phần trăm cơ hội thắng; các nước đi chưa tốt làm mất { $skill } điểm.
analysis-verdict-dice-took = { $name } — { $result }. Xúc xắc làm mất { $luck } điểm phần trăm cơ hội thắng; các nước đi chưa tốt làm mất { $skill } điểm.
analysis-result-won = thắng
analysis-result-lost = thua
analysis-result-shared = đồng hạng nhất
analysis-result-place = hạng { $place }
analysis-result-unfinished = ván chưa xong, cuối cùng còn { $chance }% cơ hội thắng
analysis-graph-axis = Cơ hội thắng
analysis-graph-steps = Bước
analysis-show-computers = Hiện cả nước sai của máy
analysis-no-mistakes-people = Người chơi không có nước sai rõ ràng nào.
# Dưới bàn cờ, khi đang xem một nước sai: nước đã đi và nước hay hơn.
analysis-compare = Đã đi (nét đứt đỏ): { $played }. Hay hơn (mũi tên xanh lá): { $best }, thêm { $cost } điểm phần trăm cơ hội thắng.
analysis-tab-log = Nước đi
analysis-tab-analysis = Phân tích
# Sau dòng của một ghế: chọn nước giỏi đến đâu, dù đang dẫn hay thua, và
# một ván đủ để chắc đến mức nào (issue 57).
analysis-choices = { $how } ({ $sure }).
analysis-choices-best = Gần như luôn đi nước hay nhất
analysis-choices-good = Phần lớn là nước đi tốt
analysis-choices-mixed = Có nước tốt, có nước chưa tốt
analysis-choices-random = Nước đi gần như chọn bừa
analysis-choices-sure = chắc chắn
analysis-choices-likely = khá chắc
analysis-choices-too-short = Ván quá ngắn để biết chọn nước giỏi đến đâu.
analysis-choices-share = So với phần mà những nước chọn bừa sẽ làm mất, các nước đã chọn làm mất { $share }% (trong khoảng { $low }% đến { $high }%; { $decisions } lần chọn).

## Game records: the replay window, past games, files
button-replay = Xem lại ván
replay-title = Xem lại ván
replay-step-counter = Bước { $step } / { $steps }
replay-start = Bắt đầu ván
replay-first = Về đầu
replay-back = Lùi một bước
replay-forward = Tiến một bước
replay-last = Đến cuối
replay-play = Tự chạy
replay-pause = Dừng
replay-speed = Tốc độ
replay-speed-slow = Chậm
replay-speed-normal = Vừa
replay-speed-fast = Nhanh
replay-speed-fastest = Rất nhanh
replay-timeline = Dòng thời gian
replay-save-file = Lưu thành tệp…
replay-copy = Chép văn bản
replay-log = Các bước của ván
replay-analysis = Phân tích
replay-computer = Máy
# A seat that changed hands during the game: each player and the steps
# they played ("Đỏ: Người chơi (bước 1–3), rồi Máy – Vừa (bước 4–549)").
replay-player-steps = { $who } (bước { $steps })
replay-then = { $before }, rồi { $after }
# Ghế của một người mà máy đã đi thay vài bước: tên người, rồi các bước đó.
replay-stood-in = { $who } (máy đi thay ở bước { $steps })
# Ngày giờ của ván, theo múi giờ của máy này.
record-date = { $day }/{ $month }/{ $year } { $hour }:{ $minute }
# Who played the step shown.
replay-step-by = Bước này: { $colour } ({ $who })
# Máy đi một bước ở ghế của một người: "Máy – Vừa, đi thay Minh".
replay-for = { $computer }, đi thay { $who }
replay-won = Thắng: { $who }
replay-unfinished = Chưa xong
records-heading = Các ván đã chơi
records-open-file = Mở tệp ván…
records-paste = Dán ván…
records-none = Chưa có ván nào được ghi.
records-paste-title = Mở một ván đã ghi
records-paste-text = Dán nội dung của một ván đã ghi (tệp .txt) vào ô dưới đây, hoặc thả tệp vào cửa sổ.
records-paste-label = Ván đã ghi
records-paste-open = Mở ván
records-save-title = Lưu ván thành tệp
records-open-title = Mở tệp ván
records-save-failed = Không lưu được { $file }: { $error }.
records-refused = Không mở được ván này: { $error }

## Learn to play (issue 24): the welcome of a first start
welcome-title = Chào mừng bạn!
welcome-text = Đây là Cờ Cá Ngựa và Cờ nhảy. Bạn muốn vào chơi luôn, hay học qua vài bài ngắn trước? Bàn cờ đứng yên cho tới khi bạn chọn.
welcome-learn = Học trước
welcome-play = Chơi ngay
welcome-later = Lúc nào cũng học được: nút “Học chơi” ở thanh trên cùng.
button-learn = Học chơi
button-learn-close = Đóng bài học

## Online: who is connected (issue 22)
presence-you-reconnecting = Đang kết nối lại — còn { $seconds } giây nữa máy sẽ chơi thay bạn.
presence-you-reconnecting-about = Đang kết nối lại — còn khoảng { $seconds } giây nữa máy sẽ chơi thay bạn.
presence-you-computer = Vẫn đang kết nối lại — máy đang chơi thay bạn cho tới khi bạn quay lại.
presence-you-back = Bạn đã quay lại: ghế lại là của bạn.
presence-seat-you-reconnecting = { $name } (bạn) · đang kết nối lại, { $seconds } giây
presence-seat-you-reconnecting-about = { $name } (bạn) · đang kết nối lại, khoảng { $seconds } giây
presence-seat-you-computer = { $name } (bạn) · máy đang chơi thay
presence-seat-you-offline = { $name } (bạn) · đang kết nối lại
presence-seat-reconnecting = { $name } (đang kết nối lại; máy chơi thay sau { $seconds } giây)
presence-player = { $colour } ({ $name })
presence-announce-you-dropped = Mất kết nối, đang kết nối lại. Nếu sau { $seconds } giây vẫn chưa nối lại được, máy sẽ chơi thay bạn.
presence-announce-you-dropped-about = Mất kết nối, đang kết nối lại. Nếu sau khoảng { $seconds } giây vẫn chưa nối lại được, máy sẽ chơi thay bạn.
presence-announce-you-computer = Máy đang chơi thay bạn cho tới khi bạn quay lại.
presence-announce-you-back = Bạn đã quay lại; ghế lại là của bạn.
presence-announce-dropped = { $player } mất kết nối; máy sẽ chơi thay sau { $seconds } giây nếu người đó chưa quay lại.
presence-announce-reconnected = { $player } đã kết nối lại.
presence-board-reconnecting = { $who } · đang nối lại, { $seconds } giây
presence-board-computer = { $who } · máy chơi thay
presence-board-offline = { $who } · mất kết nối
presence-card-reconnecting = Đang nối lại: { $seconds } giây
presence-card-reconnecting-about = Đang nối lại: ~{ $seconds } giây
presence-card-you-computer = Máy chơi thay bạn
presence-card-computer = Máy chơi thay
presence-card-offline = Mất kết nối

## Online: a table with friends (issue 31)
join-title = Phòng { $room }
join-asking = Đang hỏi máy chủ về phòng…
join-unreachable = Không tới được máy chủ { $server }. Hãy xem lại đường dẫn, hoặc máy của chủ phòng và máy này có cùng một mạng không.
join-not-found = Không có phòng nào mang mã này (có thể phòng đã đóng). Hãy xin chủ phòng đường dẫn mới.
join-full = Phòng đã đủ người.
join-started = Ván đã bắt đầu — bạn có thể xem.
join-bad-name = Máy chủ không nhận tên này: từ 1 đến 24 chữ.
join-name = Tên của bạn
join-name-needed = Gõ tên của bạn: mọi người trong bàn sẽ thấy tên này.
join-busy = Đang vào phòng…
join-join = Vào chơi
join-watch = Xem ván
join-cancel = Thôi
join-host = Chủ phòng: { $name }
watch-you-watch = Bạn đang xem ván này.
watch-count = Người xem: { $n }
talk-heading = Nói với cả bàn
talk-heading-short = Trò chuyện
talk-phrase-hello = Chào cả nhà!
talk-phrase-good-luck = Chúc may mắn!
talk-phrase-nice-move = Nước hay!
talk-phrase-ouch = Ui da!
talk-phrase-hurry-up = Nhanh lên nào!
talk-phrase-thanks = Cảm ơn!
talk-phrase-well-played = Chơi hay lắm!
talk-phrase-one-more = Thêm ván nữa nhé?
talk-send-emoji = Gửi { $emoji }
talk-text-hint = Lời nhắn cho cả bàn
talk-text-label = Lời nhắn cho cả bàn
talk-send = Gửi
talk-mute = Tắt tiếng:
talk-watcher = { $name } (đang xem)
talk-said = { $who }: { $what }
talk-bubble = { $who } nói: { $what }
talk-watchers-now = Số người đang xem: { $n }
clock-button = { $label } · { $seconds } giây
clock-card = Còn { $seconds } giây
clock-room = Đồng hồ: { $seconds } giây mỗi lượt; hết giờ thì máy đi thay.
button-again = Ván nữa
online-chat = Trò chuyện
online-chat-phrases = Câu có sẵn và biểu tượng
online-chat-text = Cả lời tự gõ
online-chat-off = Không trò chuyện
online-clock = Đồng hồ lượt
online-clock-seconds = Số giây mỗi lượt
online-clock-suffix = { " " }giây
dice-checked = Xúc xắc đã được kiểm chứng: { $matching }/{ $rolls } lần gieo
dice-wrong = Cảnh báo: xúc xắc không khớp. Lần gieo thứ { $n } lẽ ra là { $expected }, nhưng đã ra { $made }.
dice-wrong-commit = Cảnh báo: xúc xắc không khớp: hạt giống máy chủ công bố không phải cái nó đã hứa.
dice-not-here = Không kiểm chứng được xúc xắc từ đây: bạn vào xem giữa ván.

## The table after a game, "I'm back", a steady panel (issue 45)
talk-phrases = Câu nói
talk-emoji = Cảm xúc
talk-nothing-yet = Chưa ai nói gì.
rematch-heading = Ván sau
rematch-line = { $who }: { $choice }
rematch-card-left = Đã rời phòng
card-left-playing = Đã rời, máy chơi thay
rematch-card-host = Chủ phòng: mở ván mới
rematch-card-ready = Muốn chơi ván nữa
rematch-card-deciding = Đang chọn…
rematch-help-host = { $ready }/{ $guests } người muốn chơi ván nữa. Bắt đầu khi bạn sẵn sàng: ghế của người đã rời phòng do máy chơi.
rematch-help-guest = Bấm “Ván nữa” để cả bàn biết bạn chơi tiếp; chủ phòng sẽ bắt đầu. Dù thế nào bạn vẫn ở trong phòng.
rematch-help-guest-ready = Cả bàn đã thấy bạn chơi tiếp. Ván mới bắt đầu khi chủ phòng bấm.
rematch-help-watcher = Ván sau sẽ hiện ở đây khi chủ phòng bắt đầu.
rematch-announce = { $who } muốn chơi ván nữa.
rematch-announce-left = { $who } đã rời phòng.
log-round-start = Bắt đầu ván { $round } trong phòng
button-rematch-waiting = Chờ chủ phòng…
button-watch-next = Chờ ván sau
button-leave-room = Rời phòng…
button-stop-watching = Thôi xem
button-im-back = Tôi đã quay lại
button-im-back-name = Tôi đã quay lại: lấy lại ghế từ máy
presence-you-held = Máy đang chơi thay bạn: bấm “Tôi đã quay lại”.
presence-announce-you-held = Máy đang chơi ghế của bạn. Nút chính giờ là “Tôi đã quay lại”: bấm để chơi tiếp.
online-old-server-back = Máy chủ này trả ghế cho bạn khi bạn gieo hoặc đi quân ở lượt của mình.
online-old-server-rematch = Máy chủ này không chuyển được lựa chọn của bạn: hãy nói với chủ phòng bằng câu “Thêm ván nữa nhé?”.
online-lobby-full = Đã đủ người ({ $seated }/{ $players })
online-seat-left = { $name } (đã rời, máy chơi thay)
leave-title = Rời phòng?
leave-text-playing = Máy sẽ chơi thay ghế của bạn đến hết ván, và bạn không vào lại ghế này được.
leave-text-over = Bạn rời bàn: mọi người thấy bạn đã rời phòng, và ván sau chơi không có bạn.
leave-text-lobby = Ghế của bạn sẽ dành cho người vào sau.
leave-then-new-game = Sau đó một ván mới bắt đầu trên máy này.
leave-yes = Rời phòng
leave-stay = Ở lại
leave-watching-title = Thôi xem phòng này?
leave-text-watching = Bạn sẽ rời phòng đang xem. Muốn xem lại thì mở lại đường dẫn mời.
leave-keep-watching = Xem tiếp
handoff-title-game = Bỏ ván này để vào phòng { $room }?
handoff-text-game = Bạn vừa bấm đường dẫn tới phòng { $room }. Vào phòng đó thì ván đang chơi ở đây kết thúc.

## Bố cục điện thoại (issue 54): trình đơn của thanh trên cùng, dải người chơi,
# các tấm trượt lên trên bàn cờ.
button-more = Thêm…
strip-home = Đích { $home }/{ $total }
strip-to-move = tới lượt
sheet-log = Diễn biến
sheet-talk = Trò chuyện
sheet-settings = Thiết lập
sheet-results = Kết quả
sheet-close = Đóng
